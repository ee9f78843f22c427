import { useId } from 'react';
import { SelectField } from '../../../ui';
import { useAudioDevices } from '../../voice/audio-devices';
import { MicrophoneTest } from './MicrophoneTest';
import { useMonitorState } from './monitor-context';
import type { SectionProps } from './useVoiceTab';
import { deviceOptions } from './voice-tab-logic';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/** Audio Devices (spec 2 §2): input and output, each with 'Default' (stored as null), and the microphone test. */
export function DevicesSection({ settings, save }: SectionProps) {
  const id = useId();
  // Listed again once the tab's microphone opens: the browser names devices only after that.
  const devices = useAudioDevices(useMonitorState().status === 'open');
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Audio Devices
      </h3>
      <div className={styles.devices}>
        <SelectField
          label="Input Device"
          value={settings.inputDevice ?? ''}
          options={deviceOptions(devices.inputs, settings.inputDevice, 'microphone')}
          onChange={(event) => save({ inputDevice: event.target.value || null })}
        />
        <SelectField
          label="Output Device"
          value={settings.outputDevice ?? ''}
          options={deviceOptions(devices.outputs, settings.outputDevice, 'speaker')}
          onChange={(event) => save({ outputDevice: event.target.value || null })}
        />
      </div>
      <MicrophoneTest />
    </section>
  );
}
