import type { FastifyInstance } from 'fastify';
import type { MailOutboxAnswer, OutboxMail } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { forbidden } from '../http/errors.js';
import { isAdmin } from '../users/user-row.js';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  kind: OutboxMail['kind'];
  status: OutboxMail['status'];
  summary: string;
  text_body: string;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** The newest 100 mails, for admins: without SMTP_URL, where a development instance's mail ends up. */
export async function outbox(ctx: AppContext): Promise<MailOutboxAnswer> {
  const { rows } = await ctx.db.query<OutboxRow>(
    `SELECT id, to_address, subject, kind, status, summary, text_body, error, created_at, sent_at
       FROM mail_outbox ORDER BY id DESC LIMIT 100`,
  );
  return {
    delivery: ctx.mail.delivery,
    mails: rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      kind: r.kind,
      status: r.status,
      summary: r.summary,
      text: r.text_body,
      error: r.error,
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at?.toISOString() ?? null,
    })),
  };
}

export function mailRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/admin/mail/outbox', async (request) => {
    const user = await authenticate(ctx, request);
    if (!isAdmin(user)) throw forbidden(TEXT.adminOnly);
    return outbox(ctx);
  });
}
