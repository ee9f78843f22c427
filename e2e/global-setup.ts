import { ensureChromium } from '@hearth/server/testing';

/**
 * Runs before any worker starts: finds Chromium, or installs it, and sets CHROMIUM_PATH, which
 * the workers inherit and read when they load the configuration.
 */
export default function globalSetup(): void {
  ensureChromium();
}
