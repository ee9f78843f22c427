export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it closes itself; 0 keeps it until closed. Defaults by type. */
  duration?: number;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  duration: number;
}

export const TOAST_DURATIONS: Record<ToastType, number> = { success: 4000, error: 7000, warning: 6000, info: 5000 };
export const DEFAULT_TOAST_DURATION = 5000;
export const MAX_TOASTS = 5;

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}

/**
 * The visible toasts and their close timers, kept outside React so non-React code (the live
 * connection) can raise toasts too; React reads it through useSyncExternalStore.
 */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private timers = new Map<string, Timer>();
  private listeners = new Set<() => void>();
  private nextId = 1;

  show = (options: ToastOptions): string => {
    const duration = options.duration ?? TOAST_DURATIONS[options.type] ?? DEFAULT_TOAST_DURATION;
    const id = `toast-${this.nextId++}`;
    const toast: Toast = { id, type: options.type, title: options.title, message: options.message, duration };
    // The same news twice (a refused read retried when the live connection resyncs, a retry that failed
    // again) is one toast: it takes the place of the one on screen, drawn and announced afresh with a
    // full countdown, instead of stacking a copy.
    const same = this.toasts.findIndex(
      (t) => t.type === toast.type && t.title === toast.title && t.message === toast.message,
    );
    if (same >= 0) {
      const shown = this.toasts[same]!;
      const timer = this.timers.get(shown.id);
      if (timer && !timer.handle) {
        // Being read (pointer over it or focus in it, say on its Close button): it stays, and stays
        // paused, with a full countdown for when the reader leaves it.
        timer.remaining = shown.duration;
        return shown.id;
      }
      this.clearTimer(shown.id);
      this.toasts = this.toasts.map((t, index) => (index === same ? toast : t));
    } else {
      const kept = [...this.toasts, toast];
      for (const dropped of kept.slice(0, Math.max(0, kept.length - MAX_TOASTS))) this.clearTimer(dropped.id);
      this.toasts = kept.slice(-MAX_TOASTS);
    }
    if (duration > 0 && Number.isFinite(duration)) this.startTimer(id, duration);
    this.emit();
    return id;
  };

  success = (title: string, message?: string): string => this.show({ type: 'success', title, message });
  error = (title: string, message?: string): string => this.show({ type: 'error', title, message });
  warning = (title: string, message?: string): string => this.show({ type: 'warning', title, message });
  info = (title: string, message?: string): string => this.show({ type: 'info', title, message });

  dismiss = (id: string): void => {
    if (!this.toasts.some((t) => t.id === id)) return;
    this.clearTimer(id);
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.emit();
  };

  /** Stops the countdown while the user reads (pointer over or focus inside the toast). */
  pause = (id: string): void => {
    const timer = this.timers.get(id);
    if (!timer?.handle) return;
    clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  };

  resume = (id: string): void => {
    const timer = this.timers.get(id);
    if (!timer || timer.handle) return;
    this.startTimer(id, timer.remaining);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  private startTimer(id: string, remaining: number): void {
    const handle = setTimeout(() => this.dismiss(id), remaining);
    this.timers.set(id, { handle, remaining, startedAt: Date.now() });
  }

  private clearTimer(id: string): void {
    const timer = this.timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    this.timers.delete(id);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
