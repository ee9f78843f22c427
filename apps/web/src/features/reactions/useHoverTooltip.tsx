import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './ReactionBar.module.css';

const HOVER_DELAY_MS = 300;
const GAP = 6;
const EDGE = 8;

/**
 * A small tooltip for a button: shown after a short hover or at once on keyboard focus, above the
 * button (below it when there is no room), kept inside the window. Its text is also the button's
 * description for assistive technology, whether shown or not. Written here rather than taken from
 * a tooltip library to keep the always-loaded bundle small. `content` draws the text when it needs
 * markup (names isolated in <bdi>).
 */
export function useHoverTooltip(text: string, content: ReactNode = text) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tip = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });

  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    if (!anchor || !tip.current) return;
    const a = anchor.getBoundingClientRect();
    const { width, height } = tip.current.getBoundingClientRect();
    const left = Math.min(Math.max(EDGE, a.left + a.width / 2 - width / 2), window.innerWidth - width - EDGE);
    const above = a.top - GAP - height;
    setPlace({ left, top: above >= EDGE ? above : a.bottom + GAP });
  }, [anchor, text]);

  const triggerProps = {
    'aria-describedby': id,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch') return;
      const target = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setAnchor(target), HOVER_DELAY_MS);
    },
    onPointerLeave: hide,
    onFocus: (event: { currentTarget: HTMLElement }) => {
      if (event.currentTarget.matches(':focus-visible')) setAnchor(event.currentTarget);
    },
    onBlur: hide,
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Escape') hide();
    },
  };

  const tooltip = (
    <>
      <span id={id} hidden>
        {text}
      </span>
      {anchor &&
        createPortal(
          <div ref={tip} role="tooltip" className={styles.tooltip} style={place}>
            {content}
          </div>,
          document.body,
        )}
    </>
  );
  return { triggerProps, tooltip };
}
