import { DEVICE_FINGERPRINT_HEADER, DEVICE_FINGERPRINT_PATTERN } from '@hearth/protocol/device-rules';
import { makeNonce } from './nonce';

/** Where this browser keeps its device fingerprint; it outlives every sign-in and sign-out. */
export const DEVICE_FINGERPRINT_KEY = 'device_fingerprint';

/** Used when storage cannot be written (a locked-down browser): this tab's own, for its lifetime. */
let fallback: string | null = null;

/**
 * This browser's device fingerprint: a random id made once and kept in localStorage (spec 3 §4's
 * current-device guess matches it against the devices list). Nothing about the browser is read.
 */
export function deviceFingerprint(storage: Storage = localStorage): string {
  try {
    const stored = storage.getItem(DEVICE_FINGERPRINT_KEY);
    if (stored && DEVICE_FINGERPRINT_PATTERN.test(stored)) return stored;
    const made = makeNonce();
    storage.setItem(DEVICE_FINGERPRINT_KEY, made);
    return made;
  } catch {
    fallback ??= makeNonce();
    return fallback;
  }
}

/** The header sign-in and refresh send, so the server stores the fingerprint on the device. */
export const fingerprintHeaders = (): Record<string, string> => ({ [DEVICE_FINGERPRINT_HEADER]: deviceFingerprint() });
