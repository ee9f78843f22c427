import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './VoiceSettings.module.css';

export interface RangeSettingProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Appended to the shown value, e.g. '%'. */
  unit?: string;
  description?: string;
  /** Called on release (the input's 'change' event), or on each key press: spec 2 §2 saves on release. */
  onCommit(value: number): void;
  /** The value while dragging, then null once committed. */
  onDraft?(value: number | null): void;
  children?: ReactNode;
}

/**
 * A native slider named by its label: the value beside the label follows the thumb while it is
 * dragged, and the setting is written only when it is let go.
 */
export function RangeSetting({
  label,
  value,
  min,
  max,
  unit = '',
  description,
  onCommit,
  onDraft,
  children,
}: RangeSettingProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<number | null>(null);
  const latest = useRef({ onCommit, onDraft });
  useEffect(() => {
    latest.current = { onCommit, onDraft };
  });
  // React's onChange is the 'input' event; the native 'change' fires on release.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const commit = () => {
      setDraft(null);
      latest.current.onDraft?.(null);
      latest.current.onCommit(Number(element.value));
    };
    element.addEventListener('change', commit);
    return () => element.removeEventListener('change', commit);
  }, []);
  const shown = draft ?? value;
  const text = `${shown}${unit}`;
  return (
    <div className={styles.range}>
      <div className={styles.rangeHead}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <output htmlFor={id} className={styles.rangeValue}>
          {text}
        </output>
      </div>
      <input
        ref={input}
        id={id}
        type="range"
        className={styles.slider}
        min={min}
        max={max}
        step={1}
        value={shown}
        aria-valuetext={text}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => {
          // A 'change' without an 'input' before it is a commit, which the listener above handles.
          if (event.nativeEvent.type === 'change') return;
          const next = Number(event.target.value);
          setDraft(next);
          onDraft?.(next);
        }}
      />
      {description && (
        <p id={`${id}-description`} className={styles.hint}>
          {description}
        </p>
      )}
      {children}
    </div>
  );
}
