import { voiceSettings } from './voice-settings';

/**
 * Spec 2 §4: join and leave sounds, on by default (volumes 0.4 and 0.3). Synthesised with Web Audio,
 * two short notes up for a join and down for a leave, so no audio file of unknown licence ships.
 */
const NOTES: Record<'join' | 'leave', { freqs: [number, number]; volume: number }> = {
  join: { freqs: [660, 880], volume: 0.4 },
  leave: { freqs: [880, 587], volume: 0.3 },
};

let context: AudioContext | null = null;

/** Plays a join or leave sound, unless the Voice Connection Sounds setting is off. */
export function playVoiceSound(kind: 'join' | 'leave'): void {
  if (!voiceSettings.get().voiceSounds) return;
  try {
    context ??= new AudioContext();
    const { freqs, volume } = NOTES[kind];
    const start = context.currentTime;
    freqs.forEach((freq, i) => {
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(volume * 0.5, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.11);
      osc.connect(gain).connect(context!.destination);
      osc.start(at);
      osc.stop(at + 0.12);
    });
  } catch {
    // Sound failures are silent (spec 2 §8).
  }
}
