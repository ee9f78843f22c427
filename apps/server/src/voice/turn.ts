/**
 * The TURN relay voice goes through, and the short-lived credentials for it. Both coturn setups
 * (the local one and an external one) use coturn's shared-secret scheme ("TURN REST API",
 * --use-auth-secret): the server never stores TURN users, it signs a username that carries its
 * own expiry, and coturn checks the signature with the same secret.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import { LocalRelay } from './local-relay.js';
import { coturnInstallHint, type Turnserver } from './turnserver.js';

/** A TURN server and the secret it shares with this server (its --static-auth-secret). */
import type { TurnRelay } from './turn-relay.js';

export type { TurnRelay };

export interface TurnCredentialSet {
  urls: string[];
  username: string;
  password: string;
  /** Seconds the username and password stay valid. */
  ttl: number;
}

/**
 * Credentials for one user: username `<expiry unix seconds>:<user id>`, password
 * base64(HMAC-SHA1(secret, username)). coturn refuses them once the expiry has passed; the user id
 * in the username shows in coturn's log, so a relay session can be traced to an account.
 */
export function turnCredentials(
  relay: TurnRelay,
  userId: number,
  ttlSec: number,
  nowMs = Date.now(),
): TurnCredentialSet {
  const expiry = Math.floor(nowMs / 1000) + ttlSec;
  const username = `${expiry}:${userId}`;
  const password = createHmac('sha1', relay.secret).update(username).digest('base64');
  return { urls: relay.urls, username, password, ttl: ttlSec };
}

/**
 * Where the relay comes from, for the admin panel: TURN_URLS's (nothing runs here), the server's own
 * coturn (running or not), or none, with the reason: the sentence the start-up line said, naming the
 * settings and what to install (users are told only that voice is not available).
 */
export type TurnSetup =
  | { kind: 'external'; urls: string[] }
  | { kind: 'local'; relay: LocalRelay }
  | { kind: 'none'; reason: 'not_installed' | 'disabled'; detail: string };

export interface OpenTurnRelay {
  relay: TurnRelay | null;
  setup: TurnSetup;
  stop(): Promise<void>;
}

/**
 * The relay this server hands out credentials for: the external one of TURN_URLS and TURN_SECRET
 * (nothing is started); else, when LOCAL_COTURN allows, a coturn of its own, run from `turnserver`
 * (found or installed by turnserverForStart, before anything else started); else none. Voice is not
 * essential, so without a relay the server runs on and says why in one line.
 * `onChange` hears of every later change of relay: the local coturn lost, or restarted by an admin.
 */
export async function openTurnRelay(
  config: Config,
  turnserver: Turnserver | undefined,
  onChange: (relay: TurnRelay | null) => void,
): Promise<OpenTurnRelay> {
  const stopNothing = async () => {};
  const direct = config.voiceAllowDirect
    ? ' Until then calls connect directly (VOICE_ALLOW_DIRECT), only between callers who can reach each other.'
    : '';
  if (config.turnSecret)
    return {
      relay: { urls: config.turnUrls, secret: config.turnSecret },
      setup: { kind: 'external', urls: config.turnUrls },
      stop: stopNothing,
    };
  if (!config.localCoturn || !turnserver?.executable) {
    const detail = config.localCoturn
      ? `${turnserver?.problem ?? 'coturn is not installed'}: install it (${coturnInstallHint()}) or set TURN_URLS and TURN_SECRET`
      : 'LOCAL_COTURN is false, so the server starts no coturn of its own: set TURN_URLS and TURN_SECRET';
    console.warn(`Voice needs a TURN relay: ${detail}.${direct}`);
    const reason = config.localCoturn ? 'not_installed' : 'disabled';
    return { relay: null, setup: { kind: 'none', reason, detail }, stop: stopNothing };
  }
  const local = new LocalRelay(turnserver.executable, onChange);
  const opened = { setup: { kind: 'local', relay: local } as const, stop: () => local.stop() };
  try {
    return { ...opened, relay: (await local.start()).relay };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    console.warn(
      `Voice has no TURN relay: the local coturn did not start (${reason}); TURN_URLS and TURN_SECRET can name another.${direct}`,
    );
    return { ...opened, relay: null };
  }
}
