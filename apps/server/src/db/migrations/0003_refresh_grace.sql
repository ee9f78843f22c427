-- When a refresh token is rotated, the pair it was exchanged for is kept on its row for the reuse
-- grace window, sealed (AES-256-GCM) with a key derived from that token. Only the token's holder can
-- open it, and the token itself is stored only as a hash. Cleared at the device's next rotation.
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed bytea;
