/**
 * Notification sounds, made with Web Audio at play time (no audio files, so none of unknown
 * licence): three themes (spec 1 §9) and the spec's volumes. Any failure is silent: a browser
 * that blocks audio before the first click, or has no Web Audio, simply plays nothing.
 */
export type SoundTheme = 'default' | 'bell' | 'beeps';
export type SoundKind = 'mention' | 'everyone' | 'announcement';

export const SOUND_THEMES: readonly { id: SoundTheme; label: string }[] = [
  { id: 'default', label: 'Default Ding' },
  { id: 'bell', label: 'Bell Sound' },
  { id: 'beeps', label: 'Generated Beeps' },
];
/** Spec 1 §9: mention 0.3, everyone 0.5, bell 0.3. */
export const VOLUMES: Record<SoundKind, number> = { mention: 0.3, everyone: 0.5, announcement: 0.5 };
const BELL_VOLUME = 0.3;

/** The spec's local preference keys (spec 1 §3). */
export const SOUND_THEME_KEY = 'soundTheme';
export const SOUNDS_ON_KEY = 'notificationSounds';

export function soundTheme(): SoundTheme {
  const stored = localStorage.getItem(SOUND_THEME_KEY);
  return stored === 'bell' || stored === 'beeps' ? stored : 'default';
}

export const soundsOn = () => localStorage.getItem(SOUNDS_ON_KEY) !== 'false';

interface Tone {
  frequency: number;
  type: OscillatorType;
  start: number;
  length: number;
  gain: number;
}

/** The notes of each theme: a short ding, a bell with its overtone ringing out, two quick beeps. */
export function tonesFor(theme: SoundTheme, kind: SoundKind): Tone[] {
  const volume = theme === 'bell' ? BELL_VOLUME : VOLUMES[kind];
  // @everyone and announcements sound a fourth higher, so they can be told apart by ear.
  const pitch = kind === 'mention' ? 1 : 4 / 3;
  switch (theme) {
    case 'bell':
      return [
        { frequency: 660 * pitch, type: 'sine', start: 0, length: 1.2, gain: volume },
        { frequency: 660 * 2.76 * pitch, type: 'sine', start: 0, length: 0.6, gain: volume * 0.35 },
      ];
    case 'beeps':
      return [
        { frequency: 880 * pitch, type: 'square', start: 0, length: 0.08, gain: volume * 0.4 },
        { frequency: 880 * pitch, type: 'square', start: 0.14, length: 0.08, gain: volume * 0.4 },
      ];
    default:
      return [
        { frequency: 988 * pitch, type: 'sine', start: 0, length: 0.35, gain: volume },
        { frequency: 1319 * pitch, type: 'sine', start: 0.09, length: 0.45, gain: volume * 0.8 },
      ];
  }
}

let context: AudioContext | null = null;

export function playSound(kind: SoundKind, theme: SoundTheme = soundTheme()): void {
  try {
    if (!soundsOn()) return;
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const tone of tonesFor(theme, kind)) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.value = tone.frequency;
      // A quick attack and an exponential decay: a struck sound, not a click.
      gain.gain.setValueAtTime(0.0001, now + tone.start);
      gain.gain.exponentialRampToValueAtTime(tone.gain, now + tone.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + tone.start);
      oscillator.stop(now + tone.start + tone.length + 0.05);
    }
  } catch {
    // Silent by design (spec 1 §8).
  }
}
