import { useId } from 'react';
import { Button, useToast } from '../../../ui';
import { Switch } from '../../../ui/Switch';
import { playVoiceSound } from '../../voice/voice-sounds';
import type { SectionProps } from './useVoiceTab';
import { VOICE_TAB_TEXT as T } from './voice-tab-logic';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/** Voice Connection Sounds (spec 2 §4: join and leave tones, on by default) and their tests. */
export function SoundsSection({ settings, save }: SectionProps) {
  const id = useId();
  const toast = useToast();
  const test = (kind: 'join' | 'leave') => {
    if (!settings.voiceSounds) toast.error(T.soundsDisabled);
    else playVoiceSound(kind);
  };
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Sounds
      </h3>
      <div className={styles.switches}>
        <Switch
          label="Voice Connection Sounds"
          description="A short tone when you connect to or disconnect from a voice channel."
          checked={settings.voiceSounds}
          onCheckedChange={(on) => save({ voiceSounds: on }, 'local')}
        />
      </div>
      <div className={styles.row}>
        <Button variant="secondary" size="sm" onClick={() => test('join')}>
          Test Connect Sound
        </Button>
        <Button variant="secondary" size="sm" onClick={() => test('leave')}>
          Test Disconnect Sound
        </Button>
      </div>
    </section>
  );
}
