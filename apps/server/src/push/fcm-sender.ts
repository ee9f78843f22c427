import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import type { PushPayload } from '@hearth/protocol';
import type { PushOutcome } from './web-push-sender.js';

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;
/** Spec 1 §9's native notification channels, which the Android app creates. */
const ANDROID_CHANNEL: Record<string, string> = {
  dm: 'mentions',
  channel: 'mentions',
  friends: 'friends',
  test: 'admin',
};

/**
 * Sends to the Android app through Firebase Cloud Messaging's HTTP v1 API, with a Firebase service
 * account (FCM_SERVICE_ACCOUNT: the JSON file Firebase's console gives). The account's key signs a JWT
 * (jose), exchanged at its token_uri for an hour's access token (OAuth 2.0 JWT bearer grant, RFC 7523),
 * which is reused until a minute before it runs out.
 */
export class FcmSender {
  private access: { token: string; expiresAt: number } | null = null;

  private constructor(
    private readonly account: ServiceAccount,
    private readonly apiUrl: string,
  ) {}

  static async open(file: string, apiUrl: string): Promise<FcmSender> {
    const account = JSON.parse(await readFile(file, 'utf8')) as Partial<ServiceAccount>;
    for (const field of ['project_id', 'client_email', 'private_key', 'token_uri'] as const)
      if (typeof account[field] !== 'string' || !account[field])
        throw new Error(`FCM_SERVICE_ACCOUNT: the service account file has no ${field}`);
    return new FcmSender(account as ServiceAccount, apiUrl.replace(/\/+$/, ''));
  }

  async send(token: string, payload: PushPayload): Promise<PushOutcome> {
    try {
      const data = Object.fromEntries(Object.entries(payload.data ?? {}).map(([key, value]) => [key, String(value)]));
      const response = await fetch(
        `${this.apiUrl}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: payload.title, body: payload.body },
              data,
              android: {
                priority: 'HIGH',
                notification: { channel_id: ANDROID_CHANNEL[payload.data?.type ?? 'test'], tag: payload.tag },
              },
            },
          }),
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        },
      );
      const answer = (await response.json().catch(() => null)) as {
        error?: { status?: string; details?: { errorCode?: string }[] };
      } | null;
      if (response.ok) return 'sent';
      if (response.status === 401) this.access = null;
      // UNREGISTERED (404): the app was uninstalled or the token replaced; INVALID_ARGUMENT about the token: never valid.
      const code = answer?.error?.details?.find((d) => d.errorCode)?.errorCode ?? answer?.error?.status;
      return response.status === 404 || code === 'UNREGISTERED' ? 'gone' : 'failed';
    } catch (err) {
      console.error('[push] FCM failed:', err instanceof Error ? err.message : err);
      return 'failed';
    }
  }

  private async accessToken(): Promise<string> {
    if (this.access && this.access.expiresAt > Date.now() + 60_000) return this.access.token;
    const key = await importPKCS8(this.account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.account.client_email)
      .setAudience(this.account.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const response = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !answer.access_token) throw new Error(`FCM token request answered ${response.status}`);
    this.access = { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 };
    return this.access.token;
  }
}
