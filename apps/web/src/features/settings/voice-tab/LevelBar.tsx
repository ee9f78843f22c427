import type { LevelColour } from './voice-tab-logic';
import styles from './VoiceSettings.module.css';

export interface LevelBarProps {
  /** The meter's accessible name. */
  label: string;
  /** 0–100. */
  percent: number;
  /** Fixed colour (the microphone test's); otherwise the accent. */
  colour?: LevelColour;
  /** Where a threshold sits, 0–100. */
  markerPercent?: number;
  valueText: string;
}

/** A horizontal level bar (role meter), with an optional threshold marker. */
export function LevelBar({ label, percent, colour, markerPercent, valueText }: LevelBarProps) {
  return (
    <div
      className={styles.meter}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
      data-colour={colour}
    >
      <div className={styles.meterFill} style={{ width: `${percent}%` }} />
      {markerPercent !== undefined && (
        <div className={styles.meterMarker} style={{ left: `${markerPercent}%` }} aria-hidden="true" />
      )}
    </div>
  );
}
