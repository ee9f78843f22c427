import { z } from 'zod';

/** The API every route of this server speaks (spec 3: v1 is a compatibility mode of the client). */
export const API_VERSION = 'v2';

export const VERSION_TEXT = {
  invalidVersion: 'Please enter a valid version',
  updateFailed: 'Failed to update app version',
} as const;

/** GET /version: what this server runs, and the client version people should be on. */
export const VersionInfo = z.object({
  /** The server's own version. */
  version: z.string(),
  api_version: z.literal(API_VERSION),
  /** The newest client version (set by an admin; the build served by this server until then). */
  app_version: z.string(),
});

/** An app version as an admin types it: trimmed, not blank, at most 32 characters, no spaces. */
export const AppVersionBody = z.object({
  version: z
    .string({ error: VERSION_TEXT.invalidVersion })
    .trim()
    .min(1, VERSION_TEXT.invalidVersion)
    .max(32, VERSION_TEXT.invalidVersion)
    .regex(/^[0-9A-Za-z.+-]+$/, VERSION_TEXT.invalidVersion),
});

export const AppVersionAnswer = z.object({ version: z.string() });

/** The live event that tells every session a new client version is out. */
export const AppVersionUpdate = z.object({ version: z.string() });
