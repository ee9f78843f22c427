import { useId } from 'react';
import { Switch } from '../../../ui/Switch';
import type { SectionProps } from './useVoiceTab';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/** The browser's own processing of the microphone: a change opens the microphone again. */
export function ProcessingSection({ settings, save }: SectionProps) {
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Audio Processing
      </h3>
      <div className={styles.switches}>
        <Switch
          label="Echo Cancellation"
          description="Keeps what your speakers play from going back into your microphone."
          checked={settings.echoCancellation}
          onCheckedChange={(on) => save({ echoCancellation: on })}
        />
        <Switch
          label="Auto Gain Control"
          description="Lets the browser even out your volume as you move or speak up."
          checked={settings.autoGainControl}
          onCheckedChange={(on) => save({ autoGainControl: on })}
        />
      </div>
    </section>
  );
}
