import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '@hearth/server/testing';

// Each worker starts its own server (and embedded database), so two workers fit a 2-core machine.
const workers = Number(process.env.E2E_WORKERS) || 2;

/**
 * Microphones are Chromium's fake capture device (a short beep twice a second) and getUserMedia asks
 * no one; the voice scenarios also grant their contexts the 'microphone' permission (support/voice.ts).
 */
const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    headless: true,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { ...CHROMIUM_LAUNCH_OPTIONS, args: [...CHROMIUM_LAUNCH_OPTIONS.args, ...FAKE_MEDIA_ARGS] },
  },
});
