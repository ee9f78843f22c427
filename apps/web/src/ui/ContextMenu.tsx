import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import type { ContextMenuRequest, MenuItem } from './menu-items';
import { focusedWithin } from './dialog-focus';
import { composeHandlers } from './menu-trigger';
import { menuSurfaces, useMenuSurfaces } from './lazy-menus';

export interface ContextMenuProps {
  items: readonly MenuItem[];
  /** Names the menu for assistive technology, e.g. "Message actions". */
  label?: string;
  /** One element that receives the right-click (or long press on touch). */
  children: ReactElement;
}

/** Where a menu was asked for; a new object for each request. */
interface TriggerProps {
  style?: CSSProperties;
  onContextMenu?(event: MouseEvent<HTMLElement>): void;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
  onPointerMove?(event: PointerEvent<HTMLElement>): void;
  onPointerCancel?(event: PointerEvent<HTMLElement>): void;
  onPointerUp?(event: PointerEvent<HTMLElement>): void;
}

const LONG_PRESS_MS = 700;
const touchOrPen = (handler: (event: PointerEvent<HTMLElement>) => void) => (event: PointerEvent<HTMLElement>) => {
  if (event.pointerType !== 'mouse') handler(event);
};

/**
 * Opens at the pointer, stays inside the window, closes on a choice, outside click or Escape.
 *
 * The element itself takes the right-click and the long press here, as Radix's trigger would; the
 * menu (menu-surfaces, a chunk fetched when the page is idle) is mounted beside it from the first
 * opening on. A trigger wrapped around the element once that code arrived would remount it.
 */
export function ContextMenu({ items, label, children }: ContextMenuProps) {
  const surfaces = useMenuSurfaces();
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<ContextMenuRequest | null>(null);
  // What had focus when the menu opened (the right-clicked button), for a dialog the choice opens.
  const opener = useRef<HTMLElement | null>(null);
  const longPress = useRef(0);
  const clearLongPress = () => window.clearTimeout(longPress.current);
  useEffect(() => clearLongPress, []);
  const disabled = items.length === 0;
  useEffect(() => {
    if (disabled) clearLongPress();
  }, [disabled]);

  const openAt = (x: number, y: number, target: HTMLElement) => {
    opener.current = focusedWithin(target);
    setRequest({ x, y });
    // Without its code the menu cannot open; the next right-click tries again.
    menuSurfaces.load().catch(() => setRequest(null));
  };

  const own = children.props as TriggerProps;
  // With nothing to offer, the browser's own menu shows instead.
  const handlers: TriggerProps = disabled
    ? {}
    : {
        onContextMenu: composeHandlers(own.onContextMenu, (event) => {
          clearLongPress();
          openAt(event.clientX, event.clientY, event.currentTarget);
          event.preventDefault();
        }),
        onPointerDown: composeHandlers(
          own.onPointerDown,
          touchOrPen((event) => {
            clearLongPress();
            if (open) setOpen(false);
            const { clientX, clientY, currentTarget } = event;
            longPress.current = window.setTimeout(() => openAt(clientX, clientY, currentTarget), LONG_PRESS_MS);
          }),
        ),
        onPointerMove: composeHandlers(own.onPointerMove, touchOrPen(clearLongPress)),
        onPointerCancel: composeHandlers(own.onPointerCancel, touchOrPen(clearLongPress)),
        onPointerUp: composeHandlers(own.onPointerUp, touchOrPen(clearLongPress)),
      };
  return (
    <>
      {cloneElement(children, {
        'data-state': open ? 'open' : 'closed',
        'data-disabled': disabled ? '' : undefined,
        style: { WebkitTouchCallout: 'none', ...own.style },
        ...handlers,
      } as TriggerProps)}
      {surfaces && request && (
        <surfaces.ContextMenuSurface
          request={request}
          open={open}
          onOpenChange={setOpen}
          items={items}
          label={label}
          opener={opener}
        />
      )}
    </>
  );
}
