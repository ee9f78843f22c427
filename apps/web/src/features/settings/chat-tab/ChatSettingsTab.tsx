import { useId } from 'react';
import { chatPrefs, useChatPrefs, type ChatFontSize, type SpellcheckLanguage } from '../../../app/chat-prefs';
import { SelectField } from '../../../ui';
import { Switch } from '../../../ui/Switch';
import { ChatPreview } from './ChatPreview';
import { CHAT_TOGGLES, FONT_SIZE_OPTIONS, SPELLCHECK_LANGUAGE_OPTIONS } from './chat-tab-texts';
import shared from '../Settings.module.css';
import styles from './ChatSettings.module.css';

/**
 * Chat Settings (spec 3 §2): six switches and two selects, each stored at once in this browser under
 * the spec's keys and applied to the open chat without a reload (app/chat-prefs.ts). Its own lazy chunk.
 */
export default function ChatSettingsTab() {
  const prefs = useChatPrefs();
  const id = useId();
  return (
    <div className={shared.tabBody}>
      <section className={shared.section} aria-labelledby={`${id}-display`}>
        <h3 id={`${id}-display`} className={shared.sectionTitle}>
          Display
        </h3>
        <div className={styles.toggles}>
          {CHAT_TOGGLES.map((toggle) => (
            <Switch
              key={toggle.key}
              label={toggle.label}
              description={toggle.description}
              checked={prefs[toggle.key]}
              onCheckedChange={(on) => chatPrefs.set({ [toggle.key]: on })}
            />
          ))}
        </div>
      </section>
      <section className={shared.section} aria-labelledby={`${id}-text`}>
        <h3 id={`${id}-text`} className={shared.sectionTitle}>
          Text
        </h3>
        <div className={styles.selects}>
          <SelectField
            label="Font Size"
            options={FONT_SIZE_OPTIONS}
            value={prefs.fontSize}
            onChange={(event) => chatPrefs.set({ fontSize: event.target.value as ChatFontSize })}
          />
          <SelectField
            label="Spellcheck Language"
            options={SPELLCHECK_LANGUAGE_OPTIONS}
            value={prefs.spellcheckLanguage}
            onChange={(event) => chatPrefs.set({ spellcheckLanguage: event.target.value as SpellcheckLanguage })}
          />
        </div>
      </section>
      <section className={shared.section} aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className={shared.sectionTitle}>
          Preview
        </h3>
        <ChatPreview />
      </section>
    </div>
  );
}
