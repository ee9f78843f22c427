/* Device rules, numbers and texts without zod, so the web client can import them (see package.json exports). */

/** The header a client sends when it signs in (and refreshes): the random id it keeps for this browser. */
export const DEVICE_FINGERPRINT_HEADER = 'X-Device-Fingerprint';
/** A fingerprint is 1 to 128 printable ASCII characters without spaces; anything else is ignored. */
export const DEVICE_FINGERPRINT_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** Spec 3 §9: while any device is pending revocation, the list is fetched again this often. */
export const DEVICE_PENDING_POLL_MS = 30_000;

/** Spec 3 §4 and §9: a device told it was revoked signs out this long after. */
export const DEVICE_REVOKED_SIGN_OUT_MS = 2_000;

/**
 * Why a device was signed out: kept in devices.revoke_reason and sent as the `reason` of
 * device_revoked. logout: the device logged out; revoked: revoked from the devices list;
 * revoke_others: Revoke All Other Devices; token_reuse: a rotated refresh token was presented again;
 * the others sign out every device of the account (suspended: an admin suspended it; its devices are
 * told with `suspended`, never `device_revoked`).
 */
export const DEVICE_REVOKE_REASONS = [
  'logout',
  'revoked',
  'revoke_others',
  'token_reuse',
  'username_changed',
  'password_changed',
  'password_reset',
  'sessions_invalidated',
  'account_deleted',
  'suspended',
] as const;
export type DeviceRevokeReason = (typeof DEVICE_REVOKE_REASONS)[number];

/**
 * What a person does on purpose from a device of theirs that signs that device out too. When
 * device_revoked says one of these and `by_this_device`, the screen that asked for it says what
 * happened (a success, then sign-out after 2 s), so the live connection's handler adds no 'Device Access
 * Revoked' of its own.
 */
export const SELF_SIGN_OUT_REASONS: readonly DeviceRevokeReason[] = [
  'logout',
  'username_changed',
  'password_changed',
  'sessions_invalidated',
  'account_deleted',
];

/** Spec 3 §4: the current-device guess. */
export const CURRENT_DEVICE_SCORE = {
  fingerprint: 100,
  browser: 50,
  /** Added to a browser match when the operating system matches too. */
  os: 20,
  /** Last used less than 30 s ago. */
  usedWithin30s: 30,
  /** Last used less than 2 minutes ago. */
  usedWithin2min: 10,
  /** The top scorer is the current device only from this score on. */
  threshold: 50,
} as const;

/** Spec 3 §5 and §8, exactly as the spec writes them, then the server's own. */
export const DEVICE_TEXT = {
  noRefreshToken: 'No refresh token found',
  loadFailed: 'An error occurred',
  revokeFailed: 'Failed to revoke device',
  revokeOthersFailed: 'Failed to revoke other devices',
  revokedTitle: 'Device Access Revoked',
  revokedBody: 'Your device access has been revoked. Please log in again.',
  emptyList: 'No authorized devices found',
  pending: 'Revocation Pending',
  /* Not in the spec: the server's own. */
  deviceNotFound: 'Device not found',
  invalidRefreshToken: 'Invalid refresh token',
  otherDevicesToken: 'This refresh token belongs to another device',
} as const;
