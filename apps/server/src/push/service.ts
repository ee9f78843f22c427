import {
  PUSH_MAX_PER_USER,
  PUSH_TEXT,
  WebPushSubscription,
  type PushPayload,
  type PushRegisterAnswer,
  type PushTestAnswer,
  type RegisterPushBody,
} from '@hearth/protocol';
import { createECDH } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import { inTransaction } from '../db/pool.js';
import { badRequest } from '../http/errors.js';
import { isAllowedPushEndpoint } from './endpoints.js';
import { FcmSender } from './fcm-sender.js';
import { loadVapidKeys, type VapidKeys } from './vapid.js';
import { WebPushSender, type PushOutcome } from './web-push-sender.js';

interface RegistrationRow {
  id: string;
  platform: 'web' | 'android';
  token: string;
  keys: WebPushSubscription['keys'] | null;
}

/**
 * Push notifications: the registrations of each user's devices, and sending to them. A 'web'
 * registration is a browser's Web Push subscription (keyed by its endpoint), sent through the
 * browser vendor's push service; an 'android' one is an FCM token, sent through FCM when the server
 * has a service account and skipped otherwise.
 */
/** Who asks: the user, and the device (sign-in) their access token belongs to. */
interface Caller {
  id: number;
  deviceId: number;
}

export class PushService {
  private readonly pending = new Set<Promise<void>>();

  private constructor(
    private readonly db: Db,
    private readonly endpointOrigins: readonly string[],
    readonly vapid: VapidKeys,
    private readonly web: WebPushSender,
    private readonly fcm: FcmSender | null,
  ) {}

  static async open(ctx: { db: Db; config: Config }): Promise<PushService> {
    const { config } = ctx;
    const vapid = await loadVapidKeys(ctx.db, config);
    const fcm = config.fcmServiceAccount ? await FcmSender.open(config.fcmServiceAccount, config.fcmApiUrl) : null;
    return new PushService(
      ctx.db,
      config.pushEndpointOrigins,
      vapid,
      new WebPushSender(vapid, config.vapidSubject),
      fcm,
    );
  }

  /** Runs `work` without anyone waiting for it; a failure is logged. */
  background(work: () => Promise<void>): void {
    const running = work().catch((err: unknown) => console.error('[push] sending failed:', err));
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  /** Resolves when the pushes started so far are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stores the caller's registration for this device; a token registered before moves to them. */
  async register(user: Caller, body: RegisterPushBody): Promise<PushRegisterAnswer> {
    const { token, keys } = body.platform === 'web' ? this.webToken(body.token) : { token: body.token, keys: null };
    await inTransaction(this.db, async (tx) => {
      // The user's row orders concurrent registrations, so the cap below is kept.
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      await tx.query(
        `INSERT INTO push_registrations (user_id, device_id, platform, token, keys, client_platform, app_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (token) DO UPDATE SET user_id = $1, device_id = $2, platform = $3, keys = $5,
           client_platform = $6, app_version = $7, created_at = now()`,
        [
          user.id,
          user.deviceId,
          body.platform,
          token,
          keys ? JSON.stringify(keys) : null,
          body.device_info?.platform ?? null,
          body.device_info?.app_version ?? null,
        ],
      );
      await tx.query(
        `DELETE FROM push_registrations WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_registrations WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [user.id, PUSH_MAX_PER_USER],
      );
    });
    return { message: 'Push notifications registered', platform: body.platform };
  }

  async unregister(user: Caller, rawToken: string): Promise<void> {
    await this.db.query('DELETE FROM push_registrations WHERE user_id = $1 AND token = $2', [
      user.id,
      endpointOf(rawToken),
    ]);
  }

  async test(user: Caller): Promise<PushTestAnswer> {
    const { sent, failed } = await this.sendToUser(user.id, {
      title: PUSH_TEXT.testTitle,
      body: PUSH_TEXT.testBody,
      tag: 'hearth-test',
      data: { type: 'test' },
    });
    if (sent + failed === 0) {
      // Android registrations with no FCM to send them through: say so, rather than that there are none.
      const { rows } = await this.db.query('SELECT 1 FROM push_registrations WHERE user_id = $1 LIMIT 1', [user.id]);
      throw badRequest(rows.length ? PUSH_TEXT.notConfigured : PUSH_TEXT.noDevices);
    }
    return { message: PUSH_TEXT.testSent(sent), sent, failed };
  }

  /**
   * Sends one payload to every registration of the user whose device is still signed in; a
   * registration the push service calls gone is deleted. Android tokens count only when FCM is set up.
   */
  async sendToUser(userId: number, payload: PushPayload): Promise<{ sent: number; failed: number }> {
    const { rows } = await this.db.query<RegistrationRow>(
      `SELECT p.id, p.platform, p.token, p.keys FROM push_registrations p
         JOIN devices d ON d.id = p.device_id AND d.revoked_at IS NULL
        WHERE p.user_id = $1 AND (p.platform = 'web' OR $2)`,
      [userId, this.fcm !== null],
    );
    const body = JSON.stringify(payload);
    const outcomes = await Promise.all(
      rows.map(async (row): Promise<[RegistrationRow, PushOutcome]> => {
        if (row.platform === 'android') return [row, await this.fcm!.send(row.token, payload)];
        return [row, await this.web.send({ endpoint: row.token, keys: row.keys! }, body)];
      }),
    );
    const gone = outcomes.filter(([, outcome]) => outcome === 'gone').map(([row]) => row.id);
    if (gone.length) await this.db.query('DELETE FROM push_registrations WHERE id = ANY($1::bigint[])', [gone]);
    const sentIds = outcomes.filter(([, outcome]) => outcome === 'sent').map(([row]) => row.id);
    if (sentIds.length)
      await this.db.query('UPDATE push_registrations SET last_sent_at = now() WHERE id = ANY($1::bigint[])', [sentIds]);
    return { sent: sentIds.length, failed: outcomes.length - sentIds.length };
  }

  /** A web registration's token is the subscription's JSON: stored as its endpoint, with its keys beside it. */
  private webToken(raw: string): { token: string; keys: WebPushSubscription['keys'] } {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw badRequest(PUSH_TEXT.invalidSubscription);
    }
    const subscription = WebPushSubscription.safeParse(parsed);
    if (!subscription.success || !usableKeys(subscription.data.keys)) throw badRequest(PUSH_TEXT.invalidSubscription);
    if (!isAllowedPushEndpoint(subscription.data.endpoint, this.endpointOrigins))
      throw badRequest(PUSH_TEXT.endpointNotAllowed);
    return { token: subscription.data.endpoint, keys: subscription.data.keys };
  }
}

/**
 * Keys a payload can be encrypted to (RFC 8291): p256dh an uncompressed P-256 point (65 bytes,
 * starting 0x04, on the curve) and an auth secret of at least 16 bytes.
 */
function usableKeys(keys: WebPushSubscription['keys']): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(keys.auth, 'base64url').length < 16) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false; // not a point of the curve
  }
}

/** Unregister takes the token as registered: for 'web' the subscription JSON, whose endpoint is what is stored. */
function endpointOf(raw: string): string {
  if (!raw.startsWith('{')) return raw;
  try {
    const endpoint = (JSON.parse(raw) as { endpoint?: unknown }).endpoint;
    return typeof endpoint === 'string' ? endpoint : raw;
  } catch {
    return raw;
  }
}
