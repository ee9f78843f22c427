import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ADMIN_TEXT } from '@hearth/protocol';
import { HttpError, unauthorized } from '../http/errors.js';
import { prepared } from '../db/pool.js';
import { USER_ROW_COLUMNS, type UserRow } from '../users/user-row.js';

export type AuthedUser = UserRow & { deviceId: number };

/**
 * Run for every authenticated request. A suspended user is refused here, on every node at once (the
 * row is read, never cached): suspension also signs their devices out, and this check covers any
 * token handed out around that moment.
 */
const ACTIVE_DEVICE_USER = prepared(
  'auth-active-device-user',
  `SELECT ${USER_ROW_COLUMNS} FROM users u JOIN devices d ON d.user_id = u.id
    WHERE u.id = $1 AND d.id = $2 AND d.revoked_at IS NULL AND NOT u.is_suspended`,
);

/** The user, if that device of theirs is still signed in and the user is not suspended. */
export async function activeDeviceUser(ctx: AppContext, userId: number, deviceId: number): Promise<AuthedUser | null> {
  const { rows } = await ctx.db.query<UserRow>(ACTIVE_DEVICE_USER([userId, deviceId]));
  const user = rows[0];
  return user ? { ...user, deviceId } : null;
}

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

/** The user of a valid access token whose device session is still active. */
export async function userFromToken(ctx: AppContext, token: string): Promise<AuthedUser | null> {
  return (await tokenUser(ctx, token))?.user ?? null;
}

/**
 * Why a token that verifies is refused, when the reason is its account's suspension; null for any
 * other refusal. Asked only on the refusal path: a page that loads after its user was suspended (its
 * live connection not yet up to hear `suspended`) is told why, not only that its session is gone.
 */
export async function suspensionOf(ctx: AppContext, token: string): Promise<{ reason: string } | null> {
  const claims = await ctx.tokens.verify(token);
  if (!claims) return null;
  const { rows } = await ctx.db.query<{ reason: string | null }>(
    'SELECT suspend_reason AS reason FROM users WHERE id = $1 AND is_suspended',
    [claims.userId],
  );
  return rows[0] ? { reason: rows[0].reason ?? '' } : null;
}

/**
 * A suspended account's request: 403 with the live event's notice, and the reason (URI-encoded) in
 * `Hearth-Suspended-Reason`, so the client ends the session as it would on the live `suspended`.
 */
export const suspendedRefusal = (reason: string) =>
  new HttpError(403, ADMIN_TEXT.suspendedNotice(reason), { 'Hearth-Suspended-Reason': encodeURIComponent(reason) });

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]!.trim() : null;
}

/**
 * Who a request was already authenticated as: the admin gate (admin/admin-gate.ts) authenticates
 * before the handler, which then asks again; one lookup per request is enough.
 */
const authenticated = new WeakMap<FastifyRequest, AuthedUser>();

/** The signed-in user of a request; throws 401 'Not authenticated' otherwise. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthedUser> {
  const known = authenticated.get(request);
  if (known) return known;
  const token = bearerToken(request);
  const user = token ? await userFromToken(ctx, token) : null;
  if (!user) {
    const suspension = token ? await suspensionOf(ctx, token) : null;
    throw suspension ? suspendedRefusal(suspension.reason) : unauthorized();
  }
  authenticated.set(request, user);
  return user;
}
