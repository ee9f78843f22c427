import type { Endpoint } from './endpoint-types.js';
import {
  EmailStatus,
  ForgotPasswordAnswer,
  ForgotPasswordBody,
  MailOutboxAnswer,
  MessageAnswer,
  RecalculateStorageAnswer,
  ResetPasswordBody,
  StorageUsage,
  UpdateEmailBody,
  UpdatePasswordBody,
  UpdateUsernameAnswer,
  UpdateUsernameBody,
  VerifyEmailBody,
  VerifyResetCodeAnswer,
  VerifyResetCodeBody,
} from './account.js';

/** My account: email, password reset, username, password, sessions, deletion, storage. */
export const ACCOUNT_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/user/email-status',
    auth: 'user',
    status: 200,
    summary:
      "The caller's address, whether it is verified, and whether a verification code was sent that can still be used (15 minutes, 5 tries); never pending once verified.",
    answer: EmailStatus,
  },
  {
    method: 'PUT',
    path: '/user/update-email',
    auth: 'user',
    status: 200,
    summary:
      'Sets the caller\'s address, unverified, and mails it a 6-digit verification code (good for 15 minutes and 5 wrong tries). A malformed address is 400 "Please enter a valid email address"; one another account has (any case) is 409 "This email is already in use"; the same address already verified is 400.',
    limits: ['writePerUser', 'emailChangePerUser'],
    body: UpdateEmailBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/user/verify-email',
    auth: 'user',
    status: 200,
    summary:
      'Verifies the address with the mailed code. Wrong: 400 "Invalid verification code"; the fifth wrong try voids the code (400 "Too many wrong attempts. Please request a new code.", and so is every later try, the right code included); expired: 400 "Verification code has expired. Please request a new one.".',
    limits: ['writePerUser'],
    body: VerifyEmailBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/user/resend-email-verification',
    auth: 'user',
    status: 200,
    summary:
      'Mails a new verification code for the current address (the previous one stops working); at most one a minute (429). No address, or a verified one, is 400.',
    limits: ['writePerUser', 'verificationResendPerUser'],
    answer: MessageAnswer,
  },
  {
    method: 'DELETE',
    path: '/user/remove-email',
    auth: 'user',
    status: 200,
    summary:
      'Removes the caller\'s address, its pending codes, and turns login alerts off (they need an address). No address is 400 "You have no email address".',
    limits: ['writePerUser'],
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/auth/forgot-password',
    auth: 'none',
    status: 200,
    summary:
      'Starts a password reset for a username or an address. The answer is the same bytes whatever the identifier, given before the account is looked up: whether an account or an address exists is never told. An account with a verified address is mailed a link `PUBLIC_URL/reset-password?token=…` (single use, 30 minutes); one whose address is not verified, a 6-digit code and a link `PUBLIC_URL/email-verification?identifier=…&code=…&next=reset-password` (the code goes to POST /auth/verify-reset-code); no address, nothing.',
    limits: ['forgotPasswordPerIp', 'forgotPasswordPerIdentifier'],
    body: ForgotPasswordBody,
    answer: ForgotPasswordAnswer,
  },
  {
    method: 'POST',
    path: '/auth/verify-reset-code',
    auth: 'none',
    status: 200,
    summary:
      'The code a reset mailed to an unverified address, for a reset token; the address counts as verified from then on (a verification code still pending for it is void). Any wrong identifier, code, or a code expired or voided (5 wrong tries) is the same 400 "Invalid or expired code".',
    limits: ['resetCodePerIp', 'resetCodePerIdentifier'],
    body: VerifyResetCodeBody,
    answer: VerifyResetCodeAnswer,
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'none',
    status: 200,
    summary:
      'Sets a new password (the rules of registration) with a reset token, once. Every device of the account is signed out (each gets `device_revoked`) and a verified address is mailed "Your password was changed". A token used, expired or unknown is 400 "This reset link is invalid or has expired"; the current password as the new one is 400 "New password must be different from current password" (the token stays usable).',
    limits: ['resetCodePerIp'],
    body: ResetPasswordBody,
    answer: MessageAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-username',
    auth: 'user',
    status: 200,
    summary:
      'Renames the caller: 3 to 20 letters, digits, `_` or `-` (the spec\'s three texts), not taken in any case nor reserved (409 "Username is already taken"), not the current name (400). Every device is signed out (`device_revoked`; the client logs out anyway) and everyone gets `user_update`.',
    limits: ['writePerUser'],
    body: UpdateUsernameBody,
    answer: UpdateUsernameAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-password',
    auth: 'user',
    status: 200,
    summary:
      'Changes the password, checked in this order: "Please fill in all password fields", "New password must be at least 6 characters long", "New password must be different from current password", then a wrong current password is 400 "Current password is incorrect" (wrong tries count against the sign-in limit of the username). Every device is signed out and a verified address is told by mail.',
    limits: ['writePerUser', 'loginPerUsername'],
    body: UpdatePasswordBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/auth/invalidate-all-sessions',
    auth: 'user',
    status: 200,
    summary:
      "Signs out every device of the caller at once, this one included: refresh tokens deleted, access tokens refused, each device's live connections get `device_revoked` and are closed (4003).",
    answer: MessageAnswer,
    limits: ['writePerUser'],
  },
  {
    method: 'DELETE',
    path: '/user/delete-account',
    auth: 'user',
    status: 200,
    summary:
      "Deletes the caller's account for good. Channel messages stay, content kept, with the author 'Deleted User' (a system account); everything else of the account goes: devices (each gets `device_revoked`), direct conversations, friendships, blocks, reactions, emoji, GIFs, uploads and their files, voice seats and calls. The username and address are free again. The only admin is 409, a system account 403.",
    answer: MessageAnswer,
    limits: ['writePerUser'],
  },
  {
    method: 'GET',
    path: '/upload/storage-info',
    auth: 'user',
    status: 200,
    summary: "The caller's stored bytes (attachments, pictures, emoji, GIFs) against the per-user limit.",
    answer: StorageUsage,
  },
  {
    method: 'POST',
    path: '/admin/recalculate-my-storage',
    auth: 'user',
    status: 200,
    summary:
      "Recounts the caller's own storage from their files (any signed-in user; the path is the spec's) and answers the count before and after.",
    limits: ['writePerUser'],
    answer: RecalculateStorageAnswer,
  },
  {
    method: 'GET',
    path: '/admin/mail/outbox',
    auth: 'admin',
    status: 200,
    summary:
      'The newest 100 mails the server sent, newest first. Without SMTP_URL this is where mail ends up (with its links and codes); with it, the outcome of each delivery (sent or failed), secrets left out. Admins only (403 otherwise).',
    answer: MailOutboxAnswer,
  },
];
