import { useEffect, useRef, useState } from 'react';
import { Button, useToast } from '../../../ui';
import { useMonitor } from './monitor-context';
import type { SaveVoiceSettings } from './useVoiceTab';
import {
  calibrationResult,
  formatDb,
  sampleLevels,
  VOICE_TAB_TEXT as T,
  type CalibrationResult,
} from './voice-tab-logic';
import styles from './VoiceSettings.module.css';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * 'Calibrate VAD (2s)' (spec 2 §4, §9): busy for 2 s while it reads the level every 50 ms, then stores
 * how far the mean lies from -60 dB as the threshold's offset. Stopped (and nothing stored) if the tab
 * closes meanwhile.
 */
export function CalibrateVad({ offsetDb, save }: { offsetDb: number; save: SaveVoiceSettings }) {
  const monitor = useMonitor();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CalibrationResult | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const calibrate = async () => {
    if (running.current) return;
    const abort = new AbortController();
    running.current = abort;
    setBusy(true);
    setResult(null);
    const release = monitor.acquire();
    try {
      await monitor.ready();
      const samples = await sampleLevels(
        () => monitor.current()?.levelDb() ?? Number.NaN,
        undefined,
        undefined,
        abort.signal,
      );
      const measured = calibrationResult(samples);
      save({ vadCalibrationOffsetDb: measured.offsetDb });
      setResult(measured);
    } catch (error) {
      if (!abort.signal.aborted) toast.error(T.calibrationTitle, T.calibrationFailed(reason(error)));
    } finally {
      release();
      running.current = null;
      setBusy(false);
    }
  };

  return (
    <div className={styles.row}>
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => void calibrate()}
      >
        {T.calibrate}
      </Button>
      <span className={styles.hint} role="status">
        {busy
          ? 'Calibrating… stay quiet for 2 seconds'
          : result
            ? `Calibrated: measured ${formatDb(result.measuredDb)}, offset ${formatDb(result.offsetDb, true)}`
            : offsetDb !== 0
              ? `Calibration offset ${formatDb(offsetDb, true)}`
              : 'Not calibrated'}
      </span>
      {!busy && offsetDb !== 0 && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setResult(null);
            save({ vadCalibrationOffsetDb: 0 });
          }}
        >
          Reset calibration
        </Button>
      )}
    </div>
  );
}
