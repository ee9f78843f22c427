import { useState } from 'react';
import type { UserProfile } from '@hearth/protocol';
import { PRONOUNS_CUSTOM_MAX } from '@hearth/protocol/profile-rules';
import { Button } from '../../ui';
import { PronounsChip } from '../profiles';
import { Banner } from './Banner';
import {
  backgroundCss,
  canAddStop,
  canRemoveStop,
  choiceOf,
  COLOUR_PRESETS,
  DEFAULT_TEXT_COLOUR,
  NEW_STOP,
  parseBackground,
  PRONOUN_PRESETS,
  pronounsOf,
  type PronounChoice,
} from './pronouns';
import { useSaver } from './useSaver';
import styles from './Settings.module.css';

/** Pronouns with presets, custom text (≤ 16), a colour or a 2–6 stop gradient, text colour and flag presets. */
export function PronounsEditor({
  profile,
  save,
}: {
  profile: UserProfile;
  save(body: {
    pronouns: string | null;
    pronouns_bg_color: string | null;
    pronouns_text_color: string;
  }): Promise<string>;
}) {
  const initial = choiceOf(profile.pronouns);
  const [choice, setChoice] = useState<PronounChoice>(initial.choice);
  const [custom, setCustom] = useState(initial.custom);
  const [stops, setStops] = useState(parseBackground(profile.pronouns_bg_color).stops);
  const [textColour, setTextColour] = useState(profile.pronouns_text_color ?? DEFAULT_TEXT_COLOUR);
  const saver = useSaver();
  const pronouns = pronounsOf(choice, custom);
  const background = backgroundCss({ stops });

  const setStop = (i: number, colour: string) => setStops((s) => s.map((c, j) => (j === i ? colour : c)));
  return (
    <section className={styles.section} aria-labelledby="pronouns-title">
      <h3 id="pronouns-title" className={styles.sectionTitle}>
        Pronouns
      </h3>
      <label className={styles.field}>
        Pronouns
        <select value={choice} onChange={(event) => setChoice(event.target.value as PronounChoice)}>
          <option value="none">None</option>
          {PRONOUN_PRESETS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      {choice === 'custom' && (
        <label className={styles.field}>
          Custom pronouns
          <input value={custom} maxLength={PRONOUNS_CUSTOM_MAX} onChange={(event) => setCustom(event.target.value)} />
        </label>
      )}
      <fieldset className={styles.colours}>
        <legend>Colours</legend>
        <div className={styles.presets}>
          {COLOUR_PRESETS.map((p) => (
            <button
              key={p.name}
              type="button"
              className={styles.preset}
              style={{ background: backgroundCss({ stops: p.stops }) ?? undefined, color: p.text }}
              onClick={() => {
                setStops(p.stops);
                setTextColour(p.text);
              }}
            >
              {p.name}
            </button>
          ))}
        </div>
        <div className={styles.stops}>
          {stops.map((colour, i) => (
            <label key={i} className={styles.stop}>
              <span>{stops.length === 1 ? 'Background' : `Stop ${i + 1}`}</span>
              <input type="color" value={colour} onChange={(event) => setStop(i, event.target.value)} />
            </label>
          ))}
          {stops.length === 0 && (
            <Button size="sm" variant="secondary" onClick={() => setStops([NEW_STOP])}>
              Add background
            </Button>
          )}
          {stops.length > 0 && canAddStop({ stops }) && (
            <Button size="sm" variant="secondary" onClick={() => setStops((s) => [...s, NEW_STOP])}>
              {stops.length === 1 ? 'Make gradient' : 'Add stop'}
            </Button>
          )}
          {stops.length > 1 && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setStops((s) => (canRemoveStop({ stops: s }) ? s.slice(0, -1) : s.slice(0, 1)))}
            >
              {canRemoveStop({ stops }) ? 'Remove stop' : 'Single colour'}
            </Button>
          )}
          <label className={styles.stop}>
            <span>Text</span>
            <input type="color" value={textColour} onChange={(event) => setTextColour(event.target.value)} />
          </label>
        </div>
      </fieldset>
      <p className={styles.preview}>
        Preview: <PronounsChip pronouns={pronouns ?? 'none'} background={background} color={textColour} />
      </p>
      <Button
        disabled={saver.busy}
        onClick={() =>
          void saver.run(
            () => save({ pronouns, pronouns_bg_color: background, pronouns_text_color: textColour }),
            'Failed to update pronouns',
          )
        }
      >
        {saver.busy ? 'Saving...' : 'Save Pronouns'}
      </Button>
      <Banner outcome={saver.outcome} />
    </section>
  );
}
