/**
 * Spec 2 §3: the 11 ringtones, synthesised with Web Audio (short note patterns written here, so no
 * audio file of unknown licence ships). Each pattern is [frequency Hz, length s] notes, 0 Hz a rest;
 * a ringtone repeats its pattern until stopped.
 */
export interface Ringtone {
  id: string;
  name: string;
  description: string;
  notes: readonly (readonly [number, number])[];
}

export const RINGTONES: readonly Ringtone[] = [
  {
    id: 'crystal-circuit',
    name: 'Crystal Circuit',
    description: 'Bright, glassy arpeggio',
    notes: [
      [1047, 0.12],
      [1319, 0.12],
      [1568, 0.12],
      [2093, 0.2],
      [0, 0.8],
    ],
  },
  {
    id: 'call-me-maybe',
    name: 'Call Me Maybe',
    description: 'Playful pop hook',
    notes: [
      [784, 0.15],
      [784, 0.15],
      [880, 0.15],
      [659, 0.3],
      [0, 0.7],
    ],
  },
  {
    id: 'call-me-maybe-2',
    name: 'Call Me Maybe 2',
    description: 'The hook, a third higher',
    notes: [
      [988, 0.15],
      [988, 0.15],
      [1109, 0.15],
      [831, 0.3],
      [0, 0.7],
    ],
  },
  {
    id: 'digital-serenade',
    name: 'Digital Serenade',
    description: 'Gentle rising melody',
    notes: [
      [523, 0.2],
      [659, 0.2],
      [784, 0.2],
      [1047, 0.4],
      [0, 0.6],
    ],
  },
  {
    id: 'hello-its-me',
    name: "Hello It's Me",
    description: 'A calm two-note call',
    notes: [
      [659, 0.35],
      [523, 0.45],
      [0, 0.8],
    ],
  },
  {
    id: 'pixel-playtime',
    name: 'Pixel Playtime',
    description: 'Retro game chirps',
    notes: [
      [1319, 0.08],
      [1568, 0.08],
      [1319, 0.08],
      [1976, 0.16],
      [0, 0.6],
    ],
  },
  {
    id: 'chime-of-connection',
    name: 'Chime of Connection',
    description: 'Soft bell chime',
    notes: [
      [880, 0.5],
      [1175, 0.6],
      [0, 0.9],
    ],
  },
  {
    id: 'pulse-transmission',
    name: 'Pulse Transmission',
    description: 'Steady electronic pulses',
    notes: [
      [740, 0.1],
      [0, 0.1],
      [740, 0.1],
      [0, 0.1],
      [740, 0.1],
      [0, 0.9],
    ],
  },
  {
    id: 'digital-marimba',
    name: 'Digital Marimba',
    description: 'Wooden marimba roll',
    notes: [
      [587, 0.1],
      [784, 0.1],
      [988, 0.1],
      [784, 0.1],
      [1175, 0.2],
      [0, 0.6],
    ],
  },
  {
    id: 'ring-ring-rendezvous',
    name: 'Ring Ring Rendezvous',
    description: 'A classic double ring',
    notes: [
      [1400, 0.4],
      [0, 0.2],
      [1400, 0.4],
      [0, 1.2],
    ],
  },
  {
    id: 'friendly-signal',
    name: 'Friendly Signal',
    description: 'Warm three-note greeting',
    notes: [
      [698, 0.18],
      [880, 0.18],
      [1047, 0.3],
      [0, 0.8],
    ],
  },
];

export const DEFAULT_RINGTONE = 'crystal-circuit';
/** Spec 2 §3: stored 0–1, default 0.25; an older 0.7 is reset to 0.25. */
export const DEFAULT_RINGTONE_VOLUME = 0.25;
/** Spec 2 §9: a preview plays 3 s. */
export const RINGTONE_PREVIEW_MS = 3_000;

export function ringtoneVolume(): number {
  const stored = Number(localStorage.getItem('ringtoneVolume'));
  if (!Number.isFinite(stored) || localStorage.getItem('ringtoneVolume') === null || stored === 0.7)
    return DEFAULT_RINGTONE_VOLUME;
  return Math.min(1, Math.max(0, stored));
}

export const selectedRingtone = (): Ringtone =>
  RINGTONES.find((r) => r.id === localStorage.getItem('selectedRingtone')) ?? RINGTONES[0]!;

/** Plays a ringtone on a loop until stop() (or for `forMs`, a preview). */
export function playRingtone(tone: Ringtone = selectedRingtone(), volume = ringtoneVolume(), forMs?: number) {
  const context = new AudioContext();
  const length = tone.notes.reduce((sum, [, d]) => sum + d, 0);
  let next = context.currentTime + 0.05;
  const schedule = () => {
    // A pattern ahead of time, each time the one before it is about to end.
    while (next < context.currentTime + length + 0.5) {
      for (const [freq, duration] of tone.notes) {
        if (freq > 0) {
          const osc = context.createOscillator();
          const gain = context.createGain();
          osc.type = 'triangle';
          osc.frequency.value = freq;
          gain.gain.setValueAtTime(0, next);
          gain.gain.linearRampToValueAtTime(volume, next + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.001, next + duration);
          osc.connect(gain).connect(context.destination);
          osc.start(next);
          osc.stop(next + duration);
        }
        next += duration;
      }
    }
  };
  schedule();
  const timer = setInterval(schedule, 250);
  const stop = () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
  if (forMs !== undefined) setTimeout(stop, forMs);
  return { stop };
}
