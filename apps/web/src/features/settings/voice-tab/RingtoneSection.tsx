import { useId, useState } from 'react';
import { Button } from '../../../ui';
import { RINGTONE_PREVIEW_MS, RINGTONES, ringtoneVolume, selectedRingtone, type Ringtone } from '../../voice/ringtones';
import { RangeSetting } from './RangeSetting';
import { useRingtonePlayer } from './useRingtonePlayer';
import type { SaveVoiceSettings } from './useVoiceTab';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

/** The ringtone's own keys (spec 2 §9), which the ringing reads; the voice settings keep a copy. */
function storeKey(key: 'selectedRingtone' | 'ringtoneVolume', value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice still holds for this visit through the settings' copy.
  }
}

/**
 * DM Call Ringtones (spec 2 §2): the 11 as a radio grid (each with a 3 s preview), the volume, and a
 * test that rings on a loop until Stop. What is shown comes from the ringtone's own keys.
 */
export function RingtoneSection({ save }: { save: SaveVoiceSettings }) {
  const id = useId();
  const [selected, setSelected] = useState(() => selectedRingtone().id);
  const [volume, setVolume] = useState(() => Math.round(ringtoneVolume() * 100));
  const player = useRingtonePlayer();
  const selectedTone = RINGTONES.find((t) => t.id === selected) ?? RINGTONES[0]!;
  const playingTone = player.playing && RINGTONES.find((t) => t.id === player.playing?.id);

  const choose = (tone: Ringtone) => {
    setSelected(tone.id);
    storeKey('selectedRingtone', tone.id);
    save({ selectedRingtone: tone.id }, 'local');
  };
  const changeVolume = (value: number) => {
    setVolume(value);
    storeKey('ringtoneVolume', String(value / 100));
    save({ ringtoneVolume: value }, 'local');
  };

  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        DM Call Ringtones
      </h3>
      <fieldset className={styles.ringtoneSet}>
        <legend className={styles.label}>Ringtone for incoming calls</legend>
        <ul className={styles.ringtones}>
          {RINGTONES.map((tone) => {
            const isSelected = tone.id === selected;
            return (
              <li key={tone.id} className={styles.ringtone} data-selected={isSelected}>
                <label className={styles.ringtonePick}>
                  <input
                    type="radio"
                    name={`${id}-ringtone`}
                    value={tone.id}
                    checked={isSelected}
                    onChange={() => choose(tone)}
                    aria-labelledby={`${id}-${tone.id}`}
                    aria-describedby={`${id}-${tone.id}-description`}
                  />
                  <span className={styles.ringtoneText}>
                    <span id={`${id}-${tone.id}`} className={styles.choiceName}>
                      {tone.name}
                    </span>
                    <span id={`${id}-${tone.id}-description`} className={styles.hint}>
                      {tone.description}
                    </span>
                  </span>
                  {isSelected && <span className={styles.selectedMark}>Selected</span>}
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Preview ${tone.name}`}
                  onClick={() => player.play(tone, volume / 100, RINGTONE_PREVIEW_MS)}
                >
                  Preview
                </Button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <RangeSetting label="Ringtone Volume" value={volume} min={0} max={100} unit="%" onCommit={changeVolume} />
      <div className={styles.row}>
        <Button variant="secondary" size="sm" onClick={() => player.play(selectedTone, volume / 100)}>
          Test Ringtone
        </Button>
        <Button variant="secondary" size="sm" onClick={player.stop}>
          Stop
        </Button>
        <span className={styles.hint} role="status">
          {playingTone ? `Playing ${playingTone.name}${player.playing?.preview ? ' (preview)' : ''}` : 'Not playing'}
        </span>
      </div>
    </section>
  );
}
