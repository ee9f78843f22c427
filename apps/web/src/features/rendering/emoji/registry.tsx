import type { ReactNode } from 'react';
import styles from './Emoji.module.css';

/** Draws one emoji for a shortcode name; `label` is the `:name:` to announce. */
export type EmojiRender = (label: string) => ReactNode;

/**
 * The one place a `:shortcode:` is looked up. Custom emoji register here and win over the standard
 * set, which is filled lazily from emojibase-data the first time a message with a shortcode is shown.
 * Custom names are matched in any case (they are kept in lower case). Components subscribe, so text
 * that was waiting for the data re-renders.
 */
class EmojiRegistry {
  private custom = new Map<string, EmojiRender>();
  private customWanted = false;
  private standard: ReadonlyMap<string, string> = new Map();
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  register(name: string, render: EmojiRender): void {
    this.custom.set(name.toLowerCase(), render);
    this.changed();
  }

  unregister(name: string): void {
    if (this.custom.delete(name.toLowerCase())) this.changed();
  }

  /** Replaces every custom emoji at once (one re-render for a few thousand of them). */
  setCustom(entries: ReadonlyMap<string, EmojiRender>): void {
    this.custom = new Map([...entries].map(([name, render]) => [name.toLowerCase(), render]));
    this.changed();
  }

  /**
   * Says that a shortcode is on screen, so the viewer's custom emoji are worth fetching: whoever
   * fills them in (CustomEmojiRegistrar) waits for this, so a session without shortcodes asks nothing.
   */
  wantCustom(): void {
    if (this.customWanted) return;
    this.customWanted = true;
    this.changed();
  }

  isCustomWanted = (): boolean => this.customWanted;

  /** How to draw `:name:`, or null when it is unknown (it then stays text). */
  resolve(name: string): EmojiRender | null {
    const custom = this.custom.get(name.toLowerCase());
    if (custom) return custom;
    const unicode = this.standard.get(name);
    return unicode === undefined ? null : (label) => unicodeEmoji(unicode, label);
  }

  /** Whether the standard set has arrived (until then an unknown name may still be a standard one). */
  isStandardLoaded = (): boolean => this.standard.size > 0;

  /** Starts loading the standard set once; shortcodes show as text until it arrives. */
  loadStandard(): Promise<void> {
    this.loading ??= import('./standard-emoji')
      .then(({ loadStandardEmoji }) => loadStandardEmoji())
      .then((map) => {
        this.standard = map;
        this.changed();
      })
      .catch((error: unknown) => {
        // A failed chunk (offline, or a new build replaced it) may be tried again by a later message.
        this.loading = null;
        console.warn('Emoji data could not be loaded', error);
      });
    return this.loading;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever what resolve() answers may have changed. */
  getVersion = (): number => this.version;

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

function unicodeEmoji(unicode: string, label: string): ReactNode {
  return (
    <span role="img" aria-label={label} title={label} className={styles.unicode}>
      {unicode}
    </span>
  );
}

/** A custom emoji's picture, sized with the text (larger in a message of emoji alone). */
export function customEmojiImage(url: string, label: string, nsfw = false): ReactNode {
  return (
    <img
      src={url}
      alt={label}
      title={nsfw ? `${label} (NSFW)` : label}
      className={styles.custom}
      draggable={false}
      loading="lazy"
      decoding="async"
    />
  );
}

export const emojiRegistry = new EmojiRegistry();
