import { AWAY_THRESHOLD_MS, SUPPRESSION_MS } from '@hearth/protocol/session-rules';

/**
 * Spec 3 §4: a window hidden for over 10 s shows, on its return, a state for 5 s that suppresses the
 * main view, while the live connection resumes and what was missed arrives. This class only keeps
 * time: `left()` when the page is hidden, `returned()` when it is back; `isSuppressed()` is true for
 * SUPPRESSION_MS after a return from more than AWAY_THRESHOLD_MS away. React reads it through
 * subscribe/isSuppressed.
 */
export class ReturnSuppression {
  private leftAt: number | null = null;
  private suppressed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();

  constructor(private now: () => number = () => Date.now()) {}

  isSuppressed = (): boolean => this.suppressed;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The page was hidden; the first moment counts (a second report changes nothing). */
  left(): void {
    this.leftAt ??= this.now();
  }

  /** The page is back: suppressed for a while when it was away for long. */
  returned(): void {
    if (this.leftAt === null) return;
    const away = this.now() - this.leftAt;
    this.leftAt = null;
    if (away <= AWAY_THRESHOLD_MS) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.set(false);
    }, SUPPRESSION_MS);
    this.set(true);
  }

  /** Stops keeping time (the page is no longer watched): nothing is suppressed. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.leftAt = null;
    this.set(false);
  }

  private set(suppressed: boolean): void {
    if (this.suppressed === suppressed) return;
    this.suppressed = suppressed;
    for (const listener of this.listeners) listener();
  }
}
