/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from the moment it is
 * made (it can come before the first render) until it is used or the app is installed. Read in React
 * with useSyncExternalStore; plain, so it is tested without React.
 */

/** The part of Chromium's BeforeInstallPromptEvent used here (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** An installed web app runs in a window of its own: standalone (or fuller), never a browser tab. */
export const INSTALLED_QUERY = '(display-mode: standalone), (display-mode: fullscreen), (display-mode: minimal-ui)';

export interface InstallState {
  /** The browser offers to install the app now. */
  canInstall: boolean;
  /** Running as the installed app (or just installed from this page). */
  installed: boolean;
}

type WindowLike = Pick<Window, 'addEventListener' | 'matchMedia'>;

export class InstallPrompt {
  private offer: InstallPromptEvent | null = null;
  private justInstalled = false;
  private state: InstallState = { canInstall: false, installed: false };
  private readonly listeners = new Set<() => void>();
  private query: MediaQueryList | null = null;

  /** Starts listening; call once, before the first render. */
  listen(win: WindowLike): void {
    win.addEventListener('beforeinstallprompt', (event) => {
      // Kept for the button instead of the browser's own mini-infobar.
      event.preventDefault();
      this.offer = event as InstallPromptEvent;
      this.update();
    });
    win.addEventListener('appinstalled', () => {
      this.offer = null;
      this.justInstalled = true;
      this.update();
    });
    this.query = win.matchMedia(INSTALLED_QUERY);
    this.query.addEventListener('change', () => this.update());
    this.update();
  }

  readonly subscribe = (onChange: () => void): (() => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  readonly getSnapshot = (): InstallState => this.state;

  /** Shows the browser's install dialog. An offer serves once: after it, the browser may make a new one. */
  async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const offer = this.offer;
    if (!offer) return 'unavailable';
    this.offer = null;
    this.update();
    try {
      await offer.prompt();
      const choice = await offer.userChoice;
      return choice?.outcome ?? 'dismissed';
    } catch {
      // Already used, or refused by the browser: nothing was shown.
      return 'unavailable';
    }
  }

  private update(): void {
    const installed = this.justInstalled || (this.query?.matches ?? false);
    const canInstall = !installed && this.offer !== null;
    if (installed === this.state.installed && canInstall === this.state.canInstall) return;
    this.state = { canInstall, installed };
    for (const listener of this.listeners) listener();
  }
}

/** The page's one instance, started by main.tsx. */
export const installPrompt = new InstallPrompt();
