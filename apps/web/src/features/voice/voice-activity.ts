/**
 * Voice activity detection and the advanced suppression steps, as pure state machines fed one level
 * reading (dB) at a time, so they are tested without Web Audio. Constants from spec 2 §9.
 */

/** Voice probability at or above which the gate opens, and below which it may close. */
export const VAD_ON = 0.45;
export const VAD_OFF = 0.32;
/** The gate stays open this long after the probability falls below VAD_OFF. */
export const VAD_HANGOVER_MS = 200;
/** A level that stays the same this long with the gate open is a steady noise, not a voice. */
export const VAD_AUTO_OFF_MS = 5_000;
/** The gate's gain while closed (spec 2 §9: 0.001, so the stream never goes digitally silent). */
export const GATE_CLOSED_GAIN = 0.001;
/** How wide (dB) the probability rises around the threshold. */
const SLOPE_DB = 4;
/** A level varying less than this (dB, standard deviation) over VAD_AUTO_OFF_MS is steady. */
const STEADY_DB = 1.5;

/** The probability that a level is a voice, given the threshold: 0.5 at the threshold. */
export const voiceProbability = (levelDb: number, thresholdDb: number): number =>
  1 / (1 + Math.exp(-(levelDb - thresholdDb) / SLOPE_DB));

/**
 * The gate: opens when the probability reaches VAD_ON, closes once it has stayed below VAD_OFF for
 * VAD_HANGOVER_MS (the ends of words are kept). Auto-off: a level held flat for VAD_AUTO_OFF_MS with
 * the gate open (a fan, a hum) closes it until the level moves again.
 */
export class VoiceActivityGate {
  private open = false;
  private belowSince: number | null = null;
  private openSince = 0;
  private recent: { at: number; db: number }[] = [];

  constructor(public thresholdDb: number) {}

  /** Feeds one reading; answers whether the gate is open. */
  update(levelDb: number, now: number): boolean {
    this.recent.push({ at: now, db: levelDb });
    while (this.recent.length > 0 && this.recent[0]!.at < now - VAD_AUTO_OFF_MS) this.recent.shift();
    const p = voiceProbability(levelDb, this.thresholdDb);
    if (!this.open) {
      if (p >= VAD_ON && !this.steady(now)) {
        this.open = true;
        this.openSince = now;
        this.belowSince = null;
      }
      return this.open;
    }
    if (p < VAD_OFF) {
      this.belowSince ??= now;
      if (now - this.belowSince >= VAD_HANGOVER_MS) this.open = false;
    } else this.belowSince = null;
    if (this.open && now - this.openSince >= VAD_AUTO_OFF_MS && this.steady(now)) this.open = false;
    return this.open;
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Whether the readings of the last VAD_AUTO_OFF_MS (a full window of them) barely vary. */
  private steady(now: number): boolean {
    const first = this.recent[0];
    if (!first || now - first.at < VAD_AUTO_OFF_MS - 100) return false;
    const mean = this.recent.reduce((s, r) => s + r.db, 0) / this.recent.length;
    const variance = this.recent.reduce((s, r) => s + (r.db - mean) ** 2, 0) / this.recent.length;
    return Math.sqrt(variance) < STEADY_DB;
  }
}

export interface AdvancedOptions {
  keyboardFiltering: boolean;
  breathingReduction: boolean;
  adaptiveThreshold: boolean;
}

/** A keystroke: the level jumps at least this much (dB) from one 50 ms reading to the next... */
const CLICK_RISE_DB = 15;
/** ...and is ducked to this gain for this long, unless a voice is going on. */
const CLICK_GAIN = 0.1;
const CLICK_HOLD_MS = 100;
/** Breathing: a level this close (dB) below the voice threshold, while no voice, is turned down to... */
const BREATH_BAND_DB = 12;
const BREATH_GAIN = 0.3;
/** Adaptive threshold: the voice threshold is kept at least this far (dB) above the noise floor. */
const FLOOR_MARGIN_DB = 10;
/** The noise floor follows a quieter room at once and a louder one slowly (dB per 50 ms reading). */
const FLOOR_RISE_DB = 0.05;

/**
 * Advanced Noise Suppression (spec 2 §2), run every 50 ms on the level: answers a gain for the
 * next moment and the threshold to use. Keyboard filtering ducks sharp clicks between words,
 * breathing reduction turns down the quiet sounds just under the voice threshold, and the adaptive
 * threshold keeps that threshold above the room's noise floor.
 */
export class AdvancedProcessing {
  private lastDb: number | null = null;
  private duckUntil = 0;
  private floorDb: number | null = null;

  constructor(public options: AdvancedOptions) {}

  /** The threshold voice must cross, the adaptive floor taken into account. */
  threshold(baseDb: number): number {
    if (!this.options.adaptiveThreshold || this.floorDb === null) return baseDb;
    return Math.max(baseDb, this.floorDb + FLOOR_MARGIN_DB);
  }

  /** One 50 ms step: the gain the advanced steps ask for (1 = leave alone). */
  step(levelDb: number, voiceActive: boolean, baseThresholdDb: number, now: number): number {
    const previous = this.lastDb;
    this.lastDb = levelDb;
    if (this.floorDb === null || levelDb < this.floorDb) this.floorDb = levelDb;
    else if (!voiceActive) this.floorDb += FLOOR_RISE_DB;
    if (voiceActive) return 1;
    const o = this.options;
    if (o.keyboardFiltering && previous !== null && levelDb - previous >= CLICK_RISE_DB)
      this.duckUntil = now + CLICK_HOLD_MS;
    if (o.keyboardFiltering && now < this.duckUntil) return CLICK_GAIN;
    const threshold = this.threshold(baseThresholdDb);
    if (o.breathingReduction && levelDb < threshold && levelDb > threshold - BREATH_BAND_DB) return BREATH_GAIN;
    return 1;
  }
}
