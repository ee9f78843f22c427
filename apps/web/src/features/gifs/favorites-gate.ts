import { GIF_TEXT } from '@hearth/protocol/gif-rules';

/** Refused because another favorites operation is still running (spec 1 §5). */
export class FavoritesBusyError extends Error {
  constructor() {
    super(GIF_TEXT.favoritesBusy);
  }
}

/**
 * Spec 1 §4 and §5: one favorites operation at a time. A second one while the first runs is refused
 * at once (not queued): a double click on a heart must not add and remove in a race. The server
 * refuses the same with a 409; refusing here saves the round trip.
 */
export class FavoritesGate {
  private busy = false;

  get running(): boolean {
    return this.busy;
  }

  async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.busy) throw new FavoritesBusyError();
    this.busy = true;
    try {
      return await operation();
    } finally {
      this.busy = false;
    }
  }
}

/**
 * Spec 1 §4: the favorites list is refreshed 300 ms after the last change, so a burst of toggles
 * costs one request. `schedule` restarts the wait.
 */
export class Debouncer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ms: number,
    private readonly action: () => void,
  ) {}

  schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.action();
    }, this.ms);
  }
}
