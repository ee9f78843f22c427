import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';

export type AuthedUser = UserRow & { deviceId: number };

/** The user of a valid access token whose device session is still active. */
export async function userFromToken(ctx: AppContext, token: string): Promise<AuthedUser | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const { rows } = await ctx.db.query<UserRow>(
    `SELECT u.* FROM users u JOIN devices d ON d.user_id = u.id
      WHERE u.id = $1 AND d.id = $2 AND d.revoked_at IS NULL`,
    [claims.userId, claims.deviceId],
  );
  const user = rows[0];
  return user ? { ...user, deviceId: claims.deviceId } : null;
}

/** Reads the bearer token of a request; throws 401 'Not authenticated' otherwise. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthedUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  if (!match) throw unauthorized();
  const user = await userFromToken(ctx, match[1]!.trim());
  if (!user) throw unauthorized();
  return user;
}
