/**
 * How the end-to-end tests and the web benchmark find and start Chromium: CHROMIUM_PATH, else the
 * system's Chromium, else one Playwright has downloaded. When there is none, ensureChromium()
 * installs one: Debian's package as root on Debian or Ubuntu, otherwise Playwright's own build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PlaywrightCore from 'playwright-core';
import { aptInstall, canUseApt, which } from '../system/packages.js';

const require = createRequire(import.meta.url);
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Where Playwright keeps (or would keep) its own Chromium, if Playwright is installed. */
function playwrightChromium(): string | undefined {
  try {
    const { chromium } = require('playwright-core') as typeof PlaywrightCore;
    const executable = chromium.executablePath();
    return existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

/** A Chromium that is already here, or undefined. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  for (const name of SYSTEM_NAMES) {
    const found = which(name);
    if (found) return found;
  }
  return playwrightChromium();
}

/** A Chromium to test with, installed first if there is none; also sets CHROMIUM_PATH for child processes. */
export function ensureChromium(): string {
  let executable = findChromium();
  if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH))
    throw new Error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
  if (!executable) {
    if (canUseApt()) {
      aptInstall(['chromium'], 'for the browser tests');
    } else {
      console.log('Installing Chromium for the browser tests (playwright install chromium)...');
      const cli = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'cli.js');
      const result = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'inherit' });
      if (result.status !== 0)
        throw new Error(
          'Could not install Chromium for the browser tests: install it yourself (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.',
        );
    }
    executable = findChromium();
    if (!executable) throw new Error('Chromium was installed but cannot be found: set CHROMIUM_PATH.');
  }
  process.env.CHROMIUM_PATH = executable;
  CHROMIUM_LAUNCH_OPTIONS.executablePath = executable;
  return executable;
}

/**
 * Launch options: without a sandbox (the tests may run as root) and without the background traffic
 * that a machine without internet access would refuse.
 */
export const CHROMIUM_LAUNCH_OPTIONS: { executablePath: string | undefined; args: string[] } = {
  executablePath: findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
