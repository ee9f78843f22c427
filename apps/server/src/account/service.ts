import type { MessageAnswer, UpdateUsernameAnswer, UserUpdateEvent } from '@hearth/protocol';
import { ACCOUNT_TEXT, DELETED_USER_NAME, RESERVED_USERNAMES, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, slowStatement, type Queryable } from '../db/pool.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { announcePicture } from '../profiles/service.js';
import { friendIdsOf } from '../profiles/visibility.js';
import { addressKey } from '../ratelimit/address-key.js';
import { enforce } from '../ratelimit/limiter.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { lockAdminsAndUser } from '../users/admin-locks.js';
import { isAdmin } from '../users/user-row.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { voiceUsersGone } from '../voice/cleanup.js';
import { notifyPasswordChanged } from './notices.js';
import { announceRevoked, revokeAllDevices, type Revocation } from './sessions.js';

/**
 * A new username (spec 3 §5's rules, unique in any case, reserved names refused as taken). Every device
 * is signed out: the client logs out 2 s after a change anyway (spec 3 §4), and no session keeps
 * running under the old name. Everyone else is told with user_update.
 */
export async function updateUsername(
  ctx: AppContext,
  user: AuthedUser,
  username: string,
): Promise<UpdateUsernameAnswer> {
  if (username === user.username) throw badRequest(ACCOUNT_TEXT.usernameSame);
  if (RESERVED_USERNAMES.includes(username.toLowerCase())) throw conflict(TEXT.usernameTaken);
  let devices: Revocation;
  try {
    devices = await inTransaction(ctx.db, async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [
        username,
        user.id,
      ]);
      if (taken.rowCount) throw conflict(TEXT.usernameTaken);
      await tx.query('UPDATE users SET username = $2 WHERE id = $1', [user.id, username]);
      return revokeAllDevices(tx, user.id, 'username_changed');
    });
  } catch (err) {
    // Two accounts taking the name at once: the unique index refuses the second.
    if ((err as { code?: string }).code === '23505') throw conflict(TEXT.usernameTaken);
    throw err;
  }
  await announceRevoked(ctx, devices, user.deviceId);
  await announcePicture(ctx, user.id);
  return { username, message: ACCOUNT_TEXT.usernameUpdated };
}

/**
 * A new password, given the current one. Wrong guesses of the current password count against the
 * sign-in limit of that username and address, so this is no way round it. Every device is signed out,
 * as after a reset, and a verified address is told.
 */
export async function updatePassword(
  ctx: AppContext,
  user: AuthedUser,
  body: { current_password: string; new_password: string },
  ip: string,
): Promise<MessageAnswer> {
  await enforce(
    ctx.limiter,
    `login:user:${user.username.toLowerCase()}:ip:${addressKey(ip)}`,
    ctx.config.rateLimits.loginPerUsername,
  );
  const { rows } = await ctx.db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [user.id],
  );
  const stored = rows[0]?.password_hash;
  if (!stored || !(await verifyPassword(body.current_password, stored)))
    throw badRequest(ACCOUNT_TEXT.currentPasswordWrong);
  const passwordHash = await hashPassword(body.new_password);
  const devices = await inTransaction(ctx.db, async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    await tx.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'reset_password'`, [user.id]);
    return revokeAllDevices(tx, user.id, 'password_changed');
  });
  await announceRevoked(ctx, devices, user.deviceId);
  await notifyPasswordChanged(ctx, user.id);
  return { message: ACCOUNT_TEXT.passwordUpdated };
}

/** POST /auth/invalidate-all-sessions: every device of the caller, this one included, at once. */
export async function invalidateAllSessions(ctx: AppContext, user: AuthedUser): Promise<MessageAnswer> {
  const devices = await inTransaction(ctx.db, (tx) => revokeAllDevices(tx, user.id, 'sessions_invalidated'));
  await announceRevoked(ctx, devices, user.deviceId);
  return { message: ACCOUNT_TEXT.sessionsInvalidated };
}

/**
 * Deletes the caller's account (docs/decisions/my-account.md, Account deletion, says what goes and what stays).
 * Channel messages stay, their author becomes the shared system account 'Deleted User' (as Discord
 * shows them), content kept; the user row and everything that hangs on it goes: devices, direct
 * conversations with their messages, friendships, blocks, reactions, emoji, GIFs, uploads (files
 * removed from disk, so their storage is released), voice seats, calls, read marks, codes, mail.
 */
export async function deleteAccount(ctx: AppContext, user: AuthedUser): Promise<MessageAnswer> {
  if (user.role === 'SYSTEM') throw forbidden(ACCOUNT_TEXT.systemAccountDelete);
  if (isAdmin(user)) {
    // Checked once before anything is done, so nobody leaves voice for a deletion that is refused.
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN' AND NOT is_suspended AND id <> $1`,
      [user.id],
    );
    if (rows[0]!.n === 0) throw conflict(ACCOUNT_TEXT.lastAdmin);
  }
  // Out of voice and calls first, so the others are told as when someone leaves.
  await voiceUsersGone(ctx, [user.id]);
  const gone = await inTransaction(ctx.db, async (tx) => {
    if (isAdmin(user)) {
      // Counted again with the admins' rows locked (in id order, as the admin panel's actions lock
      // them): two admins deleting themselves at once must not both see the other one still there,
      // and a suspended admin, who cannot sign in, does not count. The caller's own row, about to go,
      // is taken FOR UPDATE at once (lockAdminsAndUser says why).
      const rows = await lockAdminsAndUser<{ id: number; role: string; is_suspended: boolean }>(
        tx,
        'id, role, is_suspended',
        user.id,
        'erase',
      );
      if (!rows.some((a) => a.role === 'ADMIN' && a.id !== user.id && !a.is_suspended))
        throw conflict(ACCOUNT_TEXT.lastAdmin);
    }
    return eraseAccount(tx, user.id);
  });
  await announceRevoked(ctx, gone.devices, user.deviceId);
  await announceErased(ctx, user.id, gone);
  return { message: ACCOUNT_TEXT.accountDeleted };
}

/** What an erased account leaves to announce once the transaction has committed (announceErased). */
export interface ErasedAccount {
  /** Its devices, signed out: the caller tells them (device_revoked, or account_terminated for all). */
  devices: Revocation;
  friends: number[];
  emoji: number[];
}

/**
 * Inside a transaction, erases the account as deleteAccount describes: the channel messages move to
 * 'Deleted User', the row goes and everything hanging on it with it. Take the user out of voice first
 * (voiceUsersGone), and call announceErased once committed. Shared with the admin's deletion.
 */
/** For the statements of an erasure that go through all of a user's messages (db/pool.ts slowStatement). */
export const ERASURE_TIMEOUT_MS = 300_000;

export async function eraseAccount(tx: Queryable, userId: number): Promise<ErasedAccount> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const devices = await revokeAllDevices(tx, userId, 'account_deleted');
  const friends = await friendIdsOf(tx, userId);
  const { rows: emoji } = await tx.query<{ id: number }>('SELECT id FROM custom_emojis WHERE user_id = $1', [userId]);
  const { rows: ghost } = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'SYSTEM' AND username = $1 ORDER BY id LIMIT 1`,
    [DELETED_USER_NAME],
  );
  // Nonces are per author: the deleted user's would collide under the one shared author.
  // Both go through every message of the user: bounded like a group's deletion, not by the serving
  // 10 s, after which the transaction was rolled back and a prolific user could never leave.
  await tx.query(
    slowStatement(
      'UPDATE messages SET user_id = $2, nonce = NULL WHERE user_id = $1 AND channel_id IS NOT NULL',
      [userId, ghost[0]!.id],
      ERASURE_TIMEOUT_MS,
    ),
  );
  await tx.query(slowStatement('DELETE FROM users WHERE id = $1', [userId], ERASURE_TIMEOUT_MS));
  return { devices, friends, emoji: emoji.map((e) => e.id) };
}

/**
 * After an erased account has committed: its files leave the disk, former friends and everyone
 * holding its custom emoji are told, and clients holding its messages show the new author without
 * reloading. The devices are the caller's to tell.
 */
export async function announceErased(ctx: AppContext, userId: number, gone: ErasedAccount): Promise<void> {
  void removeDeletedFiles(ctx);
  for (const friend of gone.friends)
    await ctx.events.publish('friend_removed', { user_id: userId }, { kind: 'users', userIds: [friend] });
  for (const id of gone.emoji) await ctx.events.publish('custom_emoji_delete', { id }, { kind: 'all' });
  const tombstone: UserUpdateEvent = {
    user_id: userId,
    username: DELETED_USER_NAME,
    role: 'USER',
    nickname: null,
    pronouns: null,
    pronouns_bg_color: null,
    pronouns_text_color: null,
    profile_image_url: null,
    profile_blur_enabled: false,
  };
  await ctx.events.publish('user_update', tombstone, { kind: 'all' });
}
