import { useId, useState } from 'react';
import { Switch } from '../../../ui/Switch';
import { vadThresholdDb } from '../../voice/voice-settings';
import { CalibrateVad } from './CalibrateVad';
import { useHeldMicrophone } from './monitor-context';
import { RangeSetting } from './RangeSetting';
import type { SectionProps } from './useVoiceTab';
import { VadMeter } from './VadMeter';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/** Voice Activity Detection and, while it is on, its sensitivity, calibration and live meter. */
export function VadSection({ settings, save }: SectionProps) {
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Voice Activity
      </h3>
      <div className={styles.switches}>
        <Switch
          label="Voice Activity Detection"
          description="Sends your microphone only while its level is above the threshold."
          checked={settings.voiceActivityDetection}
          onCheckedChange={(on) => save({ voiceActivityDetection: on })}
        />
      </div>
      {settings.voiceActivityDetection && <VadControls settings={settings} save={save} />}
    </section>
  );
}

/** Mounted only while VAD is on: holds the tab's microphone open for the meter. */
function VadControls({ settings, save }: SectionProps) {
  useHeldMicrophone(true);
  /** The sensitivity while its slider is dragged, so the marker follows before it is saved. */
  const [draft, setDraft] = useState<number | null>(null);
  const thresholdDb = vadThresholdDb({
    vadSensitivity: draft ?? settings.vadSensitivity,
    vadCalibrationOffsetDb: settings.vadCalibrationOffsetDb,
  });
  return (
    <div className={styles.nested}>
      <RangeSetting
        label="VAD Sensitivity"
        value={settings.vadSensitivity}
        min={0}
        max={100}
        description="Higher raises the threshold: only louder sound is sent."
        onDraft={setDraft}
        onCommit={(value) => save({ vadSensitivity: value })}
      />
      <CalibrateVad offsetDb={settings.vadCalibrationOffsetDb} save={save} />
      <VadMeter thresholdDb={thresholdDb} />
    </div>
  );
}
