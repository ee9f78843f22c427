import { useId } from 'react';
import { LevelBar } from './LevelBar';
import { useMicrophoneLevel } from './monitor-context';
import { RangeSetting } from './RangeSetting';
import type { SectionProps } from './useVoiceTab';
import { formatDb, levelPercent } from './voice-tab-logic';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/**
 * Input Sensitivity (the microphone's gain, spec 2 §5) with the live level after that gain. The level
 * shows while the tab's microphone is open (VAD on, a test or a calibration): this section does not
 * open the microphone by itself.
 */
export function InputSection({ settings, save }: SectionProps) {
  const id = useId();
  const level = useMicrophoneLevel();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Input
      </h3>
      <RangeSetting
        label="Input Sensitivity"
        value={settings.inputSensitivity}
        min={0}
        max={100}
        description="Your microphone's gain: 50 leaves it as it is, 100 doubles it."
        onCommit={(value) => save({ inputSensitivity: value })}
      >
        {level === null ? (
          <p className={styles.hint}>
            Your live level shows here while Voice Activity Detection is on or a microphone test runs.
          </p>
        ) : (
          <LevelBar label="Input level" percent={levelPercent(level)} valueText={formatDb(level)} />
        )}
      </RangeSetting>
    </section>
  );
}
