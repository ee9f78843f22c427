import type { ProcessedMicrophone } from '../../voice/audio-pipeline';
import { needsNewStream, type NoiseEngine, type VoiceSettings } from '../../voice/voice-settings';

/** The audio pipeline's entry point, loaded on first use (its own chunk, with Web Audio and RNNoise). */
export interface MicrophoneSource {
  openProcessedMicrophone(settings: VoiceSettings): Promise<ProcessedMicrophone>;
}

export interface MonitorState {
  status: 'closed' | 'opening' | 'open' | 'failed';
  /** Why the microphone could not be opened (status 'failed'). */
  error: string | null;
  /** The engine really running, and whether RNNoise failed and the unprocessed stream is used. */
  engine: NoiseEngine | null;
  fellBack: boolean;
}

const CLOSED: MonitorState = { status: 'closed', error: null, engine: null, fellBack: false };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The settings tab's own microphone, for its meters, the microphone test and calibration: opened
 * through the audio pipeline while anyone holds it (acquire) and closed when the last lets go. It
 * follows the stored settings as the voice connection does: a change that needs a new stream
 * (engine, browser processing, device) opens it again, any other is applied live. It is never sent
 * anywhere; the tab only reads its level.
 */
export class MicrophoneMonitor {
  private holders = 0;
  private mic: ProcessedMicrophone | null = null;
  private opening: Promise<ProcessedMicrophone> | null = null;
  /** Counts opens and closes, so an open that finishes after a later one (or a close) is dropped. */
  private generation = 0;
  private state: MonitorState = CLOSED;
  private listeners = new Set<() => void>();
  private stopWatching: (() => void) | null = null;
  private applied: VoiceSettings | null = null;

  constructor(
    private settings: { get(): VoiceSettings; subscribe(listener: () => void): () => void },
    private load: () => Promise<MicrophoneSource>,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): MonitorState => this.state;

  /** The open microphone, or null while none is. */
  current(): ProcessedMicrophone | null {
    return this.mic;
  }

  /** Keeps the microphone open until the returned function is called. */
  acquire(): () => void {
    this.holders += 1;
    if (this.holders === 1) {
      this.stopWatching = this.settings.subscribe(this.onSettings);
      this.open().catch(() => undefined);
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders -= 1;
      if (this.holders === 0) this.close();
    };
  }

  /** The open microphone once it is open (a failed one is tried again); rejects with why it cannot be. */
  ready(): Promise<ProcessedMicrophone> {
    if (this.holders === 0) return Promise.reject(new Error('The microphone is not in use'));
    if (this.mic) return Promise.resolve(this.mic);
    return this.opening ?? this.open();
  }

  private open(): Promise<ProcessedMicrophone> {
    const generation = ++this.generation;
    const settings = this.settings.get();
    this.applied = settings;
    this.set({ ...CLOSED, status: 'opening' });
    const opening = this.load()
      .then((source) => source.openProcessedMicrophone(settings))
      .then(
        (mic): ProcessedMicrophone | Promise<ProcessedMicrophone> => {
          if (generation !== this.generation) {
            mic.close();
            return this.ready();
          }
          this.mic = mic;
          this.opening = null;
          this.set({ status: 'open', error: null, engine: mic.engine, fellBack: mic.fellBack });
          // Settings changed while it opened: catch up.
          this.onSettings();
          return this.mic ?? this.ready();
        },
        (error: unknown) => {
          if (generation !== this.generation) return this.ready();
          this.opening = null;
          this.set({ ...CLOSED, status: 'failed', error: message(error) });
          throw error instanceof Error ? error : new Error(message(error));
        },
      );
    this.opening = opening;
    return opening;
  }

  private onSettings = (): void => {
    const next = this.settings.get();
    const before = this.applied;
    if (!this.mic || !before || before === next) return;
    this.applied = next;
    if (needsNewStream(before, next)) {
      this.mic.close();
      this.mic = null;
      this.open().catch(() => undefined);
    } else {
      this.mic.apply(next);
    }
  };

  private close(): void {
    this.generation += 1;
    this.stopWatching?.();
    this.stopWatching = null;
    this.mic?.close();
    this.mic = null;
    this.opening = null;
    this.applied = null;
    this.set(CLOSED);
  }

  private set(state: MonitorState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
