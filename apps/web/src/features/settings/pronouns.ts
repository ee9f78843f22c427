import { GRADIENT_STOPS_MAX, GRADIENT_STOPS_MIN } from '@hearth/protocol/profile-rules';

/** Spec 3 §3: the pronoun choices; a stored value outside the presets is custom. */
export const PRONOUN_PRESETS = ['he/him', 'she/her', 'they/them', 'he/they', 'she/they', 'other', 'ask'] as const;
export type PronounChoice = (typeof PRONOUN_PRESETS)[number] | 'custom' | 'none';

export function choiceOf(pronouns: string | null): { choice: PronounChoice; custom: string } {
  if (!pronouns) return { choice: 'none', custom: '' };
  return (PRONOUN_PRESETS as readonly string[]).includes(pronouns)
    ? { choice: pronouns as PronounChoice, custom: '' }
    : { choice: 'custom', custom: pronouns };
}

export function pronounsOf(choice: PronounChoice, custom: string): string | null {
  if (choice === 'none') return null;
  if (choice === 'custom') return custom.trim() || null;
  return choice;
}

export const DEFAULT_TEXT_COLOUR = '#ffffff';
/** A new gradient stop starts red (spec 3 §9). */
export const NEW_STOP = '#ff0000';

/** The background as edited: one colour, or the stops of a left-to-right gradient. */
export interface Background {
  stops: string[];
}

export function backgroundCss({ stops }: Background): string | null {
  if (stops.length === 0) return null;
  if (stops.length === 1) return stops[0]!;
  return `linear-gradient(90deg, ${stops.join(', ')})`;
}

export function parseBackground(css: string | null): Background {
  if (!css) return { stops: [] };
  const colours = css.match(/#[0-9a-fA-F]{6}/g) ?? [];
  return { stops: css.startsWith('linear-gradient') ? colours.slice(0, GRADIENT_STOPS_MAX) : colours.slice(0, 1) };
}

export const canAddStop = (b: Background) => b.stops.length < GRADIENT_STOPS_MAX;
/** A gradient keeps at least two stops; below that it is one colour. */
export const canRemoveStop = (b: Background) => b.stops.length > GRADIENT_STOPS_MIN;

/**
 * Spec 3 §3: a default-brand preset and the flags. The chip's text can lie over any stop, so each
 * preset's text reaches 4.5:1 (WCAG AA) on every one of its stops (pronoun-presets.test.ts): where a
 * flag has both light and dark stripes, those that failed are lightened just enough for black text
 * (Pride's green, blue and purple, Ace's black, Lesbian's and Non-binary's darkest stripes).
 */
export const COLOUR_PRESETS: { name: string; stops: string[]; text: string }[] = [
  { name: 'Default', stops: ['#5865f2'], text: '#ffffff' },
  { name: 'Pride', stops: ['#e71f1f', '#ff8c00', '#ffed00', '#128935', '#2b6bff', '#a359af'], text: '#000000' },
  { name: 'Trans', stops: ['#5bcefa', '#f5a9b8', '#ffffff', '#f5a9b8', '#5bcefa'], text: '#000000' },
  { name: 'Bi', stops: ['#d60270', '#9b4f96', '#0038a8'], text: '#ffffff' },
  { name: 'Pan', stops: ['#ff218c', '#ffd800', '#21b1ff'], text: '#000000' },
  { name: 'Ace', stops: ['#787878', '#a3a3a3', '#ffffff', '#ab57ab'], text: '#000000' },
  { name: 'Lesbian', stops: ['#d83e14', '#ff9a56', '#ffffff', '#d362a4', '#bf4e91'], text: '#000000' },
  { name: 'Non-binary', stops: ['#fcf434', '#ffffff', '#9c59d1', '#767676'], text: '#000000' },
];
