import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM of the envelope, and the From header. */
  envelopeFrom: string;
  from: string;
  /** RCPT TO of the envelope. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server in the test process (the `smtp-server` library), which the Hearth server under
 * test sends to through SMTP_URL. It requires the credentials in that address, and records every mail
 * it accepts, parsed with `mailparser`.
 */
export class SmtpCatcher {
  readonly mails: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(user = 'hearth', pass = 'mail-secret'): Promise<SmtpCatcher> {
    const sink: { catcher?: SmtpCatcher } = {};
    const server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true, // loopback only: no TLS to set up
      hideSTARTTLS: true,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === pass) callback(null, { user });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const from = session.envelope.mailFrom;
            sink.catcher!.receive({
              envelopeFrom: from ? from.address : '',
              from: parsed.from?.text ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server.server.address() as AddressInfo).port;
    sink.catcher = new SmtpCatcher(server, `smtp://${user}:${pass}@127.0.0.1:${port}`);
    return sink.catcher;
  }

  private receive(mail: ReceivedMail) {
    this.mails.push(mail);
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }

  /** Mails received for this address, in arrival order. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  /** The first mail matching, waiting for it up to timeoutMs. */
  async waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no such mail; received: ${JSON.stringify(this.mails.map((m) => [m.to, m.subject]))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The index-th mail (from 0) received for this address, waiting for it. */
  async nth(address: string, index: number, timeoutMs?: number): Promise<ReceivedMail> {
    await this.waitFor(() => this.to(address).length > index, timeoutMs);
    return this.to(address)[index]!;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The six-digit code a mail carries. */
export const codeIn = (mail: { text: string }) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? null;

/** The first link a mail carries to this path of the app. */
export const linkIn = (mail: { text: string }, path: string) =>
  new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\?\\S+`).exec(mail.text)?.[0] ?? null;
