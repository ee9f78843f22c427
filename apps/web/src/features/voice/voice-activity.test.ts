import { describe, expect, it } from 'vitest';
import {
  AdvancedProcessing,
  VAD_AUTO_OFF_MS,
  VAD_HANGOVER_MS,
  voiceProbability,
  VoiceActivityGate,
} from './voice-activity';

/** Feeds a gate one reading every 50 ms from `start`; answers the time after the last one and the last answer. */
function feed(gate: VoiceActivityGate, levels: number[], start: number): { now: number; open: boolean } {
  let now = start;
  let open = gate.isOpen;
  for (const db of levels) {
    open = gate.update(db, now);
    now += 50;
  }
  return { now, open };
}

describe('voice activity gate', () => {
  it('gives a probability of 0.5 at the threshold, rising above it', () => {
    expect(voiceProbability(-60, -60)).toBeCloseTo(0.5);
    expect(voiceProbability(-50, -60)).toBeGreaterThan(0.9);
    expect(voiceProbability(-70, -60)).toBeLessThan(0.1);
  });

  it('opens on a voice and closes only after the hangover of quiet', () => {
    const gate = new VoiceActivityGate(-60);
    expect(feed(gate, [-90, -90], 0).open).toBe(false);
    expect(gate.update(-40, 100)).toBe(true);
    // Quiet, but not for 200 ms yet: still open (the ends of words are kept).
    expect(gate.update(-90, 150)).toBe(true);
    expect(gate.update(-90, 150 + VAD_HANGOVER_MS - 50)).toBe(true);
    expect(gate.update(-90, 150 + VAD_HANGOVER_MS)).toBe(false);
  });

  it('stays open between syllables (a dip shorter than the hangover)', () => {
    const gate = new VoiceActivityGate(-60);
    const { open } = feed(gate, [-40, -45, -85, -85, -42, -44], 0);
    expect(open).toBe(true);
  });

  it('closes on a steady level held for the auto-off time (a hum, not a voice)', () => {
    const gate = new VoiceActivityGate(-60);
    const steps = VAD_AUTO_OFF_MS / 50 + 4;
    const { open } = feed(
      gate,
      Array.from({ length: steps }, () => -45),
      0,
    );
    expect(open).toBe(false);
  });

  it('keeps a varying voice open past the auto-off time', () => {
    const gate = new VoiceActivityGate(-60);
    const steps = VAD_AUTO_OFF_MS / 50 + 4;
    const { open } = feed(
      gate,
      Array.from({ length: steps }, (_, i) => (i % 4 < 2 ? -40 : -52)),
      0,
    );
    expect(open).toBe(true);
  });
});

describe('advanced processing', () => {
  const all = { keyboardFiltering: true, breathingReduction: true, adaptiveThreshold: true };

  it('ducks a sharp click between words, not during a voice', () => {
    const p = new AdvancedProcessing(all);
    expect(p.step(-90, false, -60, 0)).toBe(1);
    expect(p.step(-62, false, -60, 50)).toBeLessThan(0.2);
    const q = new AdvancedProcessing(all);
    q.step(-90, false, -60, 0);
    expect(q.step(-50, true, -60, 50)).toBe(1);
  });

  it('turns down quiet sounds just under the threshold (breathing) only when asked', () => {
    expect(new AdvancedProcessing(all).step(-65, false, -60, 0)).toBeLessThan(1);
    expect(new AdvancedProcessing({ ...all, breathingReduction: false }).step(-65, false, -60, 0)).toBe(1);
  });

  it('keeps the threshold at least 10 dB above the noise floor with the adaptive threshold', () => {
    const p = new AdvancedProcessing(all);
    p.step(-55, false, -60, 0);
    expect(p.threshold(-60)).toBe(-45);
    expect(new AdvancedProcessing({ ...all, adaptiveThreshold: false }).threshold(-60)).toBe(-60);
  });
});
