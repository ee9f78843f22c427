/** Spec 2 §9: voice activity checked every 100 ms; speech ends 200 ms after the level falls (hangover). */
const CHECK_MS = 100;
const HANGOVER_MS = 200;

interface LevelSource {
  /** The microphone's level now, dB. */
  levelDb(): number;
  /** Whether anything goes out (the voice activity gate is open and the microphone not muted). */
  transmitting(): boolean;
}

/**
 * Watches the processed microphone and says when speaking starts and stops (for the ring others
 * see): speaking is sending a level above the input sensitivity's threshold.
 */
export class SpeakingDetector {
  private timer: ReturnType<typeof setInterval>;
  private speaking = false;
  private quietSince = 0;

  constructor(source: () => LevelSource | null, thresholdDb: () => number, onChange: (speaking: boolean) => void) {
    this.timer = setInterval(() => {
      const mic = source();
      const loud = mic !== null && mic.transmitting() && mic.levelDb() > thresholdDb();
      const now = performance.now();
      if (loud) this.quietSince = now;
      const next = loud || (this.speaking && now - this.quietSince < HANGOVER_MS);
      if (next !== this.speaking) {
        this.speaking = next;
        onChange(next);
      }
    }, CHECK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
