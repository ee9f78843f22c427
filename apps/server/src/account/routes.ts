import type { FastifyInstance } from 'fastify';
import {
  ForgotPasswordBody,
  ResetPasswordBody,
  UpdateEmailBody,
  UpdatePasswordBody,
  UpdateUsernameBody,
  VerifyEmailBody,
  VerifyResetCodeBody,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { enforce } from '../ratelimit/limiter.js';
import { emailStatus, removeEmail, resendVerification, updateEmail, verifyEmail } from './email.js';
import { forgotPassword, resetPassword, verifyResetCode } from './password-reset.js';
import { deleteAccount, invalidateAllSessions, updatePassword, updateUsername } from './service.js';
import { recalculateOwnStorage, storageInfo } from './storage.js';

/** My Account (spec 3 §2, §5, §7): email, password reset, username, password, sessions, deletion, storage. */
export function accountRoutes(api: FastifyInstance, ctx: AppContext): void {
  const rules = ctx.config.rateLimits;

  api.get('/user/email-status', async (request) => emailStatus(ctx, await authenticate(ctx, request)));
  api.put('/user/update-email', async (request) => {
    const user = await authenticate(ctx, request);
    return updateEmail(ctx, user, parse(UpdateEmailBody, request.body).email);
  });
  api.post('/user/verify-email', async (request) => {
    const user = await authenticate(ctx, request);
    return verifyEmail(ctx, user, parse(VerifyEmailBody, request.body).verification_code);
  });
  api.post('/user/resend-email-verification', async (request) =>
    resendVerification(ctx, await authenticate(ctx, request)),
  );
  api.delete('/user/remove-email', async (request) => removeEmail(ctx, await authenticate(ctx, request)));

  // Limited per address and per identifier (in any case) before anything else is done: the answer
  // is the same whether or not the identifier names an account, and so is a 429.
  api.post('/auth/forgot-password', async (request) => {
    const { identifier } = parse(ForgotPasswordBody, request.body);
    await enforce(ctx.limiter, `forgot:id:${identifier.toLowerCase()}`, rules.forgotPasswordPerIdentifier);
    return forgotPassword(ctx, identifier);
  });
  api.post('/auth/verify-reset-code', async (request) => {
    const { identifier, code } = parse(VerifyResetCodeBody, request.body);
    await enforce(ctx.limiter, `reset-code:id:${identifier.toLowerCase()}`, rules.resetCodePerIdentifier);
    return verifyResetCode(ctx, identifier, code);
  });
  api.post('/auth/reset-password', async (request) => {
    const body = parse(ResetPasswordBody, request.body);
    return resetPassword(ctx, body.token, body.new_password);
  });

  api.put('/user/update-username', async (request) => {
    const user = await authenticate(ctx, request);
    return updateUsername(ctx, user, parse(UpdateUsernameBody, request.body).username);
  });
  api.put('/user/update-password', async (request) => {
    const user = await authenticate(ctx, request);
    return updatePassword(ctx, user, parse(UpdatePasswordBody, request.body), request.ip);
  });
  api.post('/auth/invalidate-all-sessions', async (request) =>
    invalidateAllSessions(ctx, await authenticate(ctx, request)),
  );
  api.delete('/user/delete-account', async (request) => deleteAccount(ctx, await authenticate(ctx, request)));

  api.get('/upload/storage-info', async (request) => storageInfo(ctx, await authenticate(ctx, request)));
  // Under /admin as spec 3 §7 names it, but any signed-in user's own (spec 3 §6).
  api.post('/admin/recalculate-my-storage', async (request) =>
    recalculateOwnStorage(ctx, await authenticate(ctx, request)),
  );
}
