import webpush from 'web-push';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';

/**
 * The VAPID key pair this server signs its Web Push requests with. VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY win when set; otherwise a pair is made on the first start and kept in
 * `server_keys`, so it outlives restarts (a new pair would orphan every browser's subscription) and
 * every node of a cluster signs with the same one. Two nodes starting at once both try to insert;
 * the first wins and both read it back.
 */
export async function loadVapidKeys(
  db: Db,
  config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey'>,
): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  if (config.vapidPublicKey || config.vapidPrivateKey)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const fresh = webpush.generateVAPIDKeys();
  await db.query('INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    KEY_NAME,
    JSON.stringify(fresh),
  ]);
  const { rows } = await db.query<{ value: VapidKeys }>('SELECT value FROM server_keys WHERE name = $1', [KEY_NAME]);
  return rows[0]!.value;
}
