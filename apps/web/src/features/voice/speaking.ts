/** Spec 2 §9: voice activity checked every 100 ms; speech ends 200 ms after the level falls (hangover). */
const CHECK_MS = 100;
const HANGOVER_MS = 200;
/** Sensitivity 50 of 0–100 mapped onto -100..-20 dB (spec 2 §5): -60 dB. */
const THRESHOLD_DB = -60;

/** Watches the microphone's level and says when speaking starts and stops (for the ring others see). */
export class SpeakingDetector {
  private context = new AudioContext();
  private analyser = this.context.createAnalyser();
  private samples = new Float32Array(1024);
  private timer: ReturnType<typeof setInterval>;
  private speaking = false;
  private quietSince = 0;

  constructor(stream: MediaStream, onChange: (speaking: boolean) => void) {
    this.analyser.fftSize = 1024;
    this.context.createMediaStreamSource(stream).connect(this.analyser);
    this.timer = setInterval(() => {
      const enabled = stream.getAudioTracks().some((t) => t.enabled);
      const loud = enabled && this.levelDb() > THRESHOLD_DB;
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
    void this.context.close().catch(() => undefined);
  }

  private levelDb(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    let sum = 0;
    for (const s of this.samples) sum += s * s;
    const rms = Math.sqrt(sum / this.samples.length);
    return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
  }
}
