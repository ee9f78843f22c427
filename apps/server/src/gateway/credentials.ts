import { activeDeviceUser, type AuthedUser } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';

/** The user of a valid access token whose device is still signed in, and when the token expires. */
export async function tokenUser(
  ctx: AppContext,
  token: string,
): Promise<{ user: AuthedUser; expiresAt: number } | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const user = await activeDeviceUser(ctx, claims.userId, claims.deviceId);
  return user ? { user, expiresAt: claims.expiresAt } : null;
}
