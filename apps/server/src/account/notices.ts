import type { AppContext } from '../context.js';
import { passwordChangedMail } from '../mail/templates.js';

/** 'Your password was changed', to the account's verified address (an unverified one is not told: it may not be theirs). */
export async function notifyPasswordChanged(ctx: AppContext, userId: number): Promise<void> {
  const { rows } = await ctx.db.query<{ username: string; email: string | null; email_verified: boolean }>(
    'SELECT username, email, email_verified FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user?.email || !user.email_verified) return;
  ctx.mail.queue(passwordChangedMail({ userId, email: user.email, username: user.username }, new Date()));
}
