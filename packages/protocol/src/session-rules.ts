/*
 * The session lifecycle's numbers (spec 3 §4, §9) without zod, and apart from the admin panel's texts,
 * so the web client's first download carries only these (see package.json exports).
 */
import { DEVICE_REVOKED_SIGN_OUT_MS } from './device-rules.js';

/** How long after the live event the client signs out, and how long the stored-suspension overlay stays. */
export const SUSPENSION_LOGOUT_MS = 8_000;
export const SUSPENDED_OVERLAY_MS = 10_000;
export const TERMINATION_LOGOUT_MS = 5_000;
export const DEVICE_REVOKED_LOGOUT_MS = DEVICE_REVOKED_SIGN_OUT_MS;
/** The FINAL BREACH overlay (the server refused to remove the last admin) logs out this long after. */
export const FINAL_BREACH_LOGOUT_MS = 20_000;
/** A window hidden longer than this shows, on its return, a state for SUPPRESSION_MS that suppresses the main view. */
export const AWAY_THRESHOLD_MS = 10_000;
export const SUPPRESSION_MS = 5_000;
