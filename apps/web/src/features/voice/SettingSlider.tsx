import { useEffect, useId, useRef, useState } from 'react';
import styles from './QuickSettings.module.css';

export interface SettingSliderProps {
  /** The visible label, also the slider's accessible name. */
  label: string;
  /** The stored value. */
  value: number;
  min?: number;
  max: number;
  /** Stores a new value: called when the slider is released, not while it moves. */
  onCommit(value: number): void;
  format?: (value: number) => string;
}

const percent = (value: number) => `${value}%`;

/**
 * A labelled native range for a voice setting. Spec 2 §2: settings are saved on slider release, so
 * the value moves on screen while dragging and is stored on the native 'change' event, which the
 * browser fires on release (pointer) or per step (keyboard); React's onChange follows every move.
 */
export function SettingSlider({ label, value, min = 0, max, onCommit, format = percent }: SettingSliderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onRelease = () => {
      setDragging(null);
      commit.current(Number(element.value));
    };
    element.addEventListener('change', onRelease);
    return () => element.removeEventListener('change', onRelease);
  }, []);
  const shown = dragging ?? value;
  return (
    <div className={styles.slider}>
      <div className={styles.sliderHead}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <output htmlFor={id} className={styles.value}>
          {format(shown)}
        </output>
      </div>
      <input
        ref={input}
        id={id}
        className={styles.range}
        type="range"
        min={min}
        max={max}
        step={1}
        value={shown}
        aria-valuetext={format(shown)}
        // React's onChange also reports the release itself (the native 'change' handled above):
        // only a move is the value being dragged.
        onChange={(event) => event.nativeEvent.type !== 'change' && setDragging(Number(event.currentTarget.value))}
      />
    </div>
  );
}
