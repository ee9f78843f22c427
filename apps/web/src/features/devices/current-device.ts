import type { Device } from '@hearth/protocol';
import { CURRENT_DEVICE_SCORE as SCORE } from '@hearth/protocol/device-rules';

/** What this browser knows about itself, for the guess. */
export interface ThisBrowser {
  /** The fingerprint it sent at sign-in (lib/device-fingerprint). */
  fingerprint: string | null;
  /** Its browser and operating system as the server names them ('Chrome', 'Linux'). */
  browser: string | null;
  os: string | null;
}

/** A listed device with what the client derives (spec 3 §3). */
export interface ListedDevice extends Device {
  is_current: boolean;
  is_pending_revocation: boolean;
}

const SEPARATOR = ' on ';

/** The browser and OS in a device name ('Chrome on Linux'); a name without ' on ' is one part only. */
function nameParts(name: string): { browser: string; os: string | null } {
  const at = name.lastIndexOf(SEPARATOR);
  return at < 0 ? { browser: name, os: null } : { browser: name.slice(0, at), os: name.slice(at + SEPARATOR.length) };
}

const same = (a: string | null, b: string | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * Spec 3 §4's score of one device as this browser: fingerprint match 100; browser-name match 50, plus
 * 20 when the OS matches too; last used under 30 s ago 30, under 2 min 10. The parts add up.
 */
export function currentDeviceScore(device: Device, here: ThisBrowser, now: number): number {
  let score = 0;
  if (same(device.device_fingerprint, here.fingerprint)) score += SCORE.fingerprint;
  const { browser, os } = nameParts(device.device_name);
  if (same(browser, here.browser)) {
    score += SCORE.browser;
    if (same(os, here.os)) score += SCORE.os;
  }
  const ago = now - Date.parse(device.last_used_at);
  if (ago < 30_000) score += SCORE.usedWithin30s;
  else if (ago < 120_000) score += SCORE.usedWithin2min;
  return score;
}

const newestFirst = (a: Device, b: Device) => Date.parse(b.last_used_at) - Date.parse(a.last_used_at) || b.id - a.id;

/**
 * The devices list as shown (spec 3 §4): the top scorer is the current device if it scores at least
 * 50 (on a tie, the most recently used), listed first; the rest newest-used first. A device pending
 * revocation (is_active false) is never the current one: this browser is still signed in.
 */
export function arrangeDevices(devices: readonly Device[], here: ThisBrowser, now: number): ListedDevice[] {
  const sorted = [...devices].sort(newestFirst);
  let current: Device | null = null;
  let best = SCORE.threshold - 1;
  for (const device of sorted) {
    if (!device.is_active) continue;
    const score = currentDeviceScore(device, here, now);
    if (score > best) {
      best = score;
      current = device;
    }
  }
  const listed = (d: Device): ListedDevice => ({
    ...d,
    is_current: d === current,
    is_pending_revocation: !d.is_active,
  });
  return current ? [listed(current), ...sorted.filter((d) => d !== current).map(listed)] : sorted.map(listed);
}
