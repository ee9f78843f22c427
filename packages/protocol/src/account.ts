import { z } from 'zod';
import { ACCOUNT_TEXT, EMAIL_CODE_LENGTH, FORGOT_PASSWORD_NEXT, passwordChangeProblem } from './account-rules.js';
import { IsoDate, UserText } from './common.js';
import { Email, Password, Username } from './users.js';

export * from './account-rules.js';

/** `{ message }`: a text to show, for calls that change something and have nothing else to say. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/* ---------- email (spec 3 §3, §4, §7) ---------- */

export const EmailStatus = z.object({
  email: z.string().nullable(),
  email_verified: z.boolean(),
  has_pending_verification: z
    .boolean()
    .describe('a verification code was sent and can still be used; false once the address is verified'),
});
export type EmailStatus = z.infer<typeof EmailStatus>;

export const UpdateEmailBody = z.object({ email: Email });

const Code = z.string({ error: ACCOUNT_TEXT.codeLength }).trim().length(EMAIL_CODE_LENGTH, ACCOUNT_TEXT.codeLength);

export const VerifyEmailBody = z.object({ verification_code: Code });

/* ---------- password reset (no account enumeration) ---------- */

/** A username, or an email address (told apart by the @, which no username has). */
const Identifier = UserText(ACCOUNT_TEXT.identifierRequired)
  .trim()
  .min(1, ACCOUNT_TEXT.identifierRequired)
  .max(254, ACCOUNT_TEXT.identifierRequired);

export const ForgotPasswordBody = z.object({ identifier: Identifier });

/** The same for every identifier, whether or not an account or an address matched. */
export const ForgotPasswordAnswer = z.object({
  message: z.literal(ACCOUNT_TEXT.forgotAnswer),
  next: z
    .literal(FORGOT_PASSWORD_NEXT)
    .describe(
      'always: show "check your email"; the mail carries either the reset link or a code for /email-verification',
    ),
});
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswer>;

export const VerifyResetCodeBody = z.object({ identifier: Identifier, code: Code });
export const VerifyResetCodeAnswer = z.object({
  message: z.string(),
  reset_token: z.string().describe('for POST /auth/reset-password, good for 30 minutes and once'),
});
export type VerifyResetCodeAnswer = z.infer<typeof VerifyResetCodeAnswer>;

export const ResetPasswordBody = z.object({
  token: z
    .string({ error: ACCOUNT_TEXT.resetTokenRequired })
    .trim()
    .min(1, ACCOUNT_TEXT.resetTokenRequired)
    .max(256, ACCOUNT_TEXT.resetTokenInvalid),
  new_password: Password,
});

/* ---------- username, password, sessions, deletion (spec 3 §5) ---------- */

export const UpdateUsernameBody = z.object({ username: Username });
export const UpdateUsernameAnswer = z.object({ username: z.string(), message: z.string() });
export type UpdateUsernameAnswer = z.infer<typeof UpdateUsernameAnswer>;

/** Spec 3 §5's checks in its order; "New passwords do not match" is the client's (the server gets one copy). */
export const UpdatePasswordBody = z
  .object({
    current_password: z.string({ error: ACCOUNT_TEXT.fillAllPasswordFields }).max(1024).optional(),
    new_password: z.string({ error: ACCOUNT_TEXT.fillAllPasswordFields }).optional(),
  })
  .transform((b, ctx) => {
    const current = b.current_password ?? '';
    const next = b.new_password ?? '';
    const problem = passwordChangeProblem(current, next);
    if (!problem) return { current_password: current, new_password: next };
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

/* ---------- storage (spec 3 §2 My Account, §3) ---------- */

export const StorageUsage = z.object({
  used_bytes: z.number(),
  limit_bytes: z.number(),
  available_bytes: z.number(),
  percentage: z.number().describe('used / limit × 100, one decimal'),
  used_formatted: z.string(),
  limit_formatted: z.string(),
  available_formatted: z.string(),
});
export type StorageUsage = z.infer<typeof StorageUsage>;

export const RecalculateStorageAnswer = z.object({
  old_usage_bytes: z.number(),
  actual_usage_bytes: z.number(),
  difference: z.number().describe('actual − old, in bytes'),
  old_usage_formatted: z.string(),
  actual_usage_formatted: z.string(),
  message: z.string(),
});
export type RecalculateStorageAnswer = z.infer<typeof RecalculateStorageAnswer>;

/* ---------- the mail outbox (admin) ---------- */

export const MAIL_KINDS = [
  'email_verification',
  'password_reset',
  'password_reset_code',
  'password_changed',
  'login_alert',
  'email_changed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ['logged', 'sending', 'sent', 'failed'] as const;

export const OutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(MAIL_KINDS),
  status: z
    .enum(MAIL_STATUSES)
    .describe('logged: no SMTP_URL, written to the server log only; sending, sent, failed: through SMTP'),
  summary: z
    .string()
    .describe("the link or code it carries; with SMTP_URL set the secret is never stored: '[redacted]' in its place"),
  text: z.string().describe('the plain-text body, with the same redaction as summary'),
  error: z.string().nullable(),
  created_at: IsoDate,
  sent_at: IsoDate.nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const MailOutboxAnswer = z.object({
  delivery: z.enum(['log', 'smtp']).describe('log: no SMTP_URL is set'),
  mails: z.array(OutboxMail).describe('newest first, at most 100'),
});
export type MailOutboxAnswer = z.infer<typeof MailOutboxAnswer>;
