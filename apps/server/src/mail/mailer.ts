import { createTransport, type Transporter } from 'nodemailer';
import type { MailKind } from '@hearth/protocol';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';

/** A mail ready to send: one of the templates in templates.ts fills it. */
export interface Mail {
  to: string;
  subject: string;
  kind: MailKind;
  /** The account it concerns (the outbox row goes with the account), if any. */
  userId: number | null;
  text: string;
  html: string;
  /** One line for the log and the outbox: the link or the code it carries, or what it says. */
  summary: string;
  /** The link or code in it: kept out of the outbox when the mail goes out by SMTP. */
  secrets: readonly string[];
}

const REDACTED = '[redacted]';
/** Oldest outbox rows beyond this many are dropped (one statement every so often). */
const OUTBOX_KEEP = 1_000;

/**
 * Outgoing mail. With SMTP_URL each mail goes out through nodemailer's SMTP transport; without it
 * nothing leaves the server and each mail is written to the log, one line. Either way it is recorded
 * in `mail_outbox`, so an admin can see what was sent (and, without SMTP, read the links and codes).
 *
 * `queue` never blocks the request that sends: the mail is handed over in the background and its
 * failure only marks the outbox row, so a slow or broken mail server can neither fail nor delay
 * anyone's request, and whether a mail was sent takes no visible time (see password reset).
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();
  private sent = 0;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  ) {
    // One connection per mail (no pool): a few mails an hour need no open connection, and a pooled
    // one would hold the mail server's socket between them. Timeouts well under nodemailer's
    // defaults (2 min, 10 min), so a mail server that hangs lets go of the mail soon.
    this.transport = config.smtpUrl
      ? createTransport({
          url: config.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get delivery(): 'smtp' | 'log' {
    return this.transport ? 'smtp' : 'log';
  }

  /** Sends in the background; never rejects (a failure is logged and recorded in the outbox). */
  queue(mail: Mail): void {
    this.track(this.send(mail));
  }

  /** Runs `work` (which may queue mail) in the background, like queue: for work the caller must not wait for. */
  background(what: string, work: () => Promise<void>): void {
    this.track(work().catch((err: unknown) => console.error(`[mail] ${what} failed:`, err)));
  }

  /** Resolves when every mail queued so far has been handed over or has failed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Waits a few seconds at most for mail being handed over (its outcome is still recorded), then stops. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
    this.transport?.close();
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Records the mail, then logs it or hands it to the SMTP server; resolves when that is done either way. */
  async send(mail: Mail): Promise<void> {
    try {
      if (!this.transport) {
        await this.record(mail, 'logged', mail.text, mail.summary);
        // The code or link stays in the outbox, for an admin: a log is read by more people, for longer.
        console.log(
          `[mail] to=${mail.to} subject="${mail.subject}" ${redactSecrets(mail.summary, mail.secrets)} (in the outbox)`,
        );
        return;
      }
      const redact = (s: string) => redactSecrets(s, mail.secrets);
      const id = await this.record(mail, 'sending', redact(mail.text), redact(mail.summary));
      let error: string | null = null;
      try {
        await this.transport.sendMail({
          from: this.config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        console.error(`[mail] to=${mail.to} subject="${mail.subject}" not sent: ${error}`);
      }
      await this.db.query(
        `UPDATE mail_outbox SET status = $2, error = $3, sent_at = CASE WHEN $2 = 'sent' THEN now() END WHERE id = $1`,
        [id, error ? 'failed' : 'sent', error?.slice(0, 1000) ?? null],
      );
    } catch (err) {
      console.error(`[mail] could not record or send "${mail.subject}" to ${mail.to}:`, err);
    }
  }

  private async record(mail: Mail, status: string, text: string, summary: string): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>(
      `INSERT INTO mail_outbox (user_id, to_address, subject, kind, summary, text_body, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [mail.userId, mail.to, mail.subject, mail.kind, summary, text, status],
    );
    if (++this.sent % 100 === 0) {
      await this.db.query(
        'DELETE FROM mail_outbox WHERE id <= (SELECT id FROM mail_outbox ORDER BY id DESC OFFSET $1 LIMIT 1)',
        [OUTBOX_KEEP],
      );
    }
    return rows[0]!.id;
  }
}

function redactSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}
