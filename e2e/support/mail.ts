import { expect } from '@playwright/test';
import type { Account, Api } from './api.js';

/**
 * The server's mail as the scenarios read it: e2e servers have no SMTP_URL, so every mail is kept in
 * the outbox the admin reads (`GET /admin/mail/outbox`, newest first), as a person reads their inbox.
 */

export type MailKind =
  'email_verification' | 'password_reset' | 'password_reset_code' | 'password_changed' | 'login_alert';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  kind: MailKind;
  /** The link or code it carries: 'code=123456', 'link=http://…', 'code=123456 link=http://…'. */
  summary: string;
  /** The plain-text body. */
  text: string;
}

export async function outbox(api: Api, admin: Account): Promise<OutboxMail[]> {
  return (await api.request<{ mails: OutboxMail[] }>('GET', '/admin/mail/outbox', admin)).mails;
}

/**
 * The newest mail of a kind to an address, once it is there (mails are sent in the background, after
 * the request that caused them has answered); with `after`, only one newer than that mail id.
 */
export async function awaitMail(api: Api, admin: Account, to: string, kind: MailKind, after = 0): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(api, admin)).find((m) => m.to === to && m.kind === kind && m.id > after);
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The id of the newest mail in the outbox (0 when empty), to wait for mails after it. */
export async function newestMailId(api: Api, admin: Account): Promise<number> {
  return (await outbox(api, admin))[0]?.id ?? 0;
}

/** The code a mail carries. */
export function codeIn(mail: OutboxMail): string {
  const code = /\bcode=(\d{6})\b/.exec(mail.summary)?.[1];
  if (!code) throw new Error(`No code in the mail "${mail.subject}": ${mail.summary}`);
  return code;
}

/** The link in a mail's text, as a person would click it. */
export function linkIn(mail: OutboxMail): URL {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}": ${mail.text}`);
  return new URL(link);
}

/** Gives an account an address and verifies it with the mailed code, as the My Account tab does. */
export async function setVerifiedEmail(api: Api, admin: Account, user: Account, email: string): Promise<void> {
  await setUnverifiedEmail(api, user, email);
  const mail = await awaitMail(api, admin, email, 'email_verification');
  await api.request('POST', '/user/verify-email', user, { verification_code: codeIn(mail) });
}

/** Gives an account an address without verifying it (its verification mail is left unread). */
export async function setUnverifiedEmail(api: Api, user: Account, email: string): Promise<void> {
  await api.request('PUT', '/user/update-email', user, { email });
}
