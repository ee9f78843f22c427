import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { ClientInfo } from '../auth/service.js';
import { deviceNameFromUserAgent } from '../auth/device-name.js';
import { loginAlertMail } from '../mail/templates.js';

/**
 * New-device login alerts (spec 3 §2 Safety). A device is what the client sends as its fingerprint
 * (X-Device-Fingerprint), else its User-Agent, together with the address it signs in from: a sign-in
 * whose pair this account never signed in with before is from a new device. Only a hash of the pair is
 * kept (login_sightings). Registering counts as a sighting; a sign-in from a new device mails an alert
 * when the user turned alerts on and has a verified address.
 */
export async function noteSignIn(ctx: AppContext, userId: number, client: ClientInfo, alert: boolean): Promise<void> {
  // The sign-in itself has succeeded: a failure here is logged, never turned into a failed sign-in.
  await sighting(ctx, userId, client, alert).catch((err: unknown) => console.error('[login alerts]', err));
}

async function sighting(ctx: AppContext, userId: number, client: ClientInfo, alert: boolean): Promise<void> {
  const device = client.fingerprint ? `fp:${client.fingerprint}` : `ua:${client.userAgent ?? ''}`;
  const hash = createHash('sha256').update(`${device}\n${client.ip}`).digest('hex');
  const { rows } = await ctx.db.query<{ is_new: boolean }>(
    `INSERT INTO login_sightings (user_id, sighting_hash) VALUES ($1, $2)
     ON CONFLICT (user_id, sighting_hash) DO UPDATE SET last_seen_at = now()
     RETURNING (xmax = 0) AS is_new`,
    [userId, hash],
  );
  if (!alert || !rows[0]?.is_new) return;
  const { rows: users } = await ctx.db.query<{ username: string; email: string | null }>(
    'SELECT username, email FROM users WHERE id = $1 AND login_alerts_enabled AND email_verified',
    [userId],
  );
  const user = users[0];
  if (!user?.email) return;
  ctx.mail.queue(
    loginAlertMail(
      { userId, email: user.email, username: user.username },
      { when: new Date(), deviceName: deviceNameFromUserAgent(client.userAgent), address: client.ip },
    ),
  );
}
