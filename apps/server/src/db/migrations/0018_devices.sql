-- Devices list and revocation (spec 3 §2 Devices, §4). device_fingerprint is the random id the
-- browser keeps in localStorage and sends as X-Device-Fingerprint when it signs in, so the client can
-- tell which listed device it is. revoke_reason says how a device was signed out: 'logout',
-- 'token_reuse' (a spent refresh token presented again), 'revoked' (Revoke in the devices list, listed
-- as pending for one access-token lifetime), 'revoke_others' (Revoke All Other Devices, gone at once);
-- NULL for devices revoked before this migration or by code that gives no reason.
ALTER TABLE devices ADD COLUMN device_fingerprint text;
ALTER TABLE devices ADD COLUMN revoke_reason text;
