import Bowser from 'bowser';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import type { ThisBrowser } from './current-device';

/**
 * This browser as the server names devices (the same parser, Bowser, on the same User-Agent), and
 * the fingerprint it signs in with. Only the devices tab's chunk holds the parser.
 */
export function thisBrowser(userAgent: string = navigator.userAgent): ThisBrowser {
  const parsed = Bowser.parse(userAgent);
  return { fingerprint: deviceFingerprint(), browser: parsed.browser.name ?? null, os: parsed.os.name ?? null };
}
