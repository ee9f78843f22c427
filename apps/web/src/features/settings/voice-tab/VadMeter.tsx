import { LevelBar } from './LevelBar';
import { useMicrophoneLevel, useMonitorState } from './monitor-context';
import { formatDb, levelPercent, meterLabel, VOICE_TAB_TEXT as T } from './voice-tab-logic';
import styles from './VoiceSettings.module.css';

/**
 * The live VAD meter (spec 2 §2): the level from -100 to 0 dB every 60 ms, the threshold as a marker,
 * and TRANSMITTING while the level is above it, MUTED otherwise. Reads the tab's microphone; whoever
 * shows it holds that open.
 */
export function VadMeter({ thresholdDb }: { thresholdDb: number }) {
  const state = useMonitorState();
  const level = useMicrophoneLevel();
  if (state.status === 'failed')
    return (
      <p className={styles.error} role="alert">
        Microphone unavailable: {state.error}
      </p>
    );
  const db = level ?? -100;
  const label = level === null ? null : meterLabel(db, thresholdDb);
  return (
    <div className={styles.vadMeter}>
      <LevelBar
        label="Voice level"
        percent={levelPercent(db)}
        markerPercent={levelPercent(thresholdDb)}
        valueText={label ? `${formatDb(db)}, ${label}` : 'Opening the microphone'}
      />
      <div className={styles.scale} aria-hidden="true">
        <span>{formatDb(-100)}</span>
        <span>{formatDb(0)}</span>
      </div>
      <p className={styles.meterLine}>
        <span className={styles.gate} data-open={label === T.transmitting}>
          {label ?? 'Opening the microphone…'}
        </span>
        <span>Level {label ? formatDb(db) : '–'}</span>
        <span>Threshold {formatDb(thresholdDb)}</span>
      </p>
    </div>
  );
}
