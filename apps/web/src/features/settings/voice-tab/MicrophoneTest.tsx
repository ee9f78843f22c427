import { useEffect, useRef, useState } from 'react';
import { Button, useToast } from '../../../ui';
import { LevelBar } from './LevelBar';
import { useMicrophoneLevel, useMonitor } from './monitor-context';
import { levelColour, levelPercent, MICROPHONE_TEST_MS, VOICE_TAB_TEXT as T } from './voice-tab-logic';
import styles from './VoiceSettings.module.css';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Test Microphone (spec 2 §2, §4): 5 s of the live level as a bar, green above 60, orange above 30,
 * red otherwise, then the loudest level heard.
 */
export function MicrophoneTest() {
  const monitor = useMonitor();
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const [peak, setPeak] = useState<number | null>(null);
  const level = useMicrophoneLevel(running);
  const stopTest = useRef<(() => void) | null>(null);
  useEffect(() => () => stopTest.current?.(), []);

  const percent = running && level !== null ? Math.round(levelPercent(level)) : null;
  useEffect(() => {
    if (percent !== null) setPeak((p) => Math.max(p ?? 0, percent));
  }, [percent]);

  const start = async () => {
    if (stopTest.current) return;
    setPeak(null);
    setRunning(true);
    const release = monitor.acquire();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      release();
      if (stopTest.current === stop) stopTest.current = null;
      setRunning(false);
    };
    stopTest.current = stop;
    try {
      await monitor.ready();
    } catch (error) {
      if (stopTest.current !== stop) return;
      stop();
      toast.error(T.microphoneTestFailed(reason(error)));
      return;
    }
    if (stopTest.current === stop) timer = setTimeout(stop, MICROPHONE_TEST_MS);
  };

  return (
    <div className={styles.test}>
      <div className={styles.row}>
        <Button variant="secondary" size="sm" aria-disabled={running || undefined} onClick={() => void start()}>
          {running ? 'Testing…' : 'Test Microphone'}
        </Button>
        <span className={styles.hint} role="status">
          {running
            ? 'Speak normally for 5 seconds'
            : peak !== null
              ? `Test finished: loudest level ${peak} of 100${levelColour(peak) === 'red' ? ' (quiet: raise Input Sensitivity)' : ''}`
              : ''}
        </span>
      </div>
      {running && (
        <LevelBar
          label="Microphone test level"
          percent={percent ?? 0}
          colour={levelColour(percent ?? 0)}
          valueText={percent === null ? 'Opening the microphone' : `${percent} of 100`}
        />
      )}
    </div>
  );
}
