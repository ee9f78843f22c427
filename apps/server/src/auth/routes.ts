import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginBody, LogoutBody, RefreshBody, RegisterBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { parse, unauthorized } from '../http/errors.js';
import { addressKey } from '../ratelimit/address-key.js';
import { enforce } from '../ratelimit/limiter.js';
import { toSelfUser } from '../users/user-row.js';
import { authenticate, bearerToken, userFromToken } from './authenticate.js';
import { deviceRoutes, fingerprintOf } from './devices-routes.js';
import { refresh } from './refresh.js';
import * as auth from './service.js';
import { sendVerificationCode } from '../account/email.js';
import { noteSignIn } from '../account/login-alerts.js';

const clientInfo = (r: FastifyRequest): auth.ClientInfo => ({
  ip: r.ip,
  userAgent: r.headers['user-agent'],
  fingerprint: fingerprintOf(r),
});

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rules = ctx.config.rateLimits;
  const from = (request: FastifyRequest) => addressKey(request.ip);

  app.post('/auth/register', async (request, reply) => {
    const body = parse(RegisterBody, request.body);
    const answer = await auth.register(ctx, body, clientInfo(request));
    await noteSignIn(ctx, answer.user.id, clientInfo(request), false);
    // The account exists now: a code that cannot be sent is asked for again with resend, not a failed registration.
    if (answer.user.email)
      await sendVerificationCode(ctx, answer.user, answer.user.email).catch((err: unknown) =>
        console.error('[account] verification code not sent:', err),
      );
    return reply.code(201).send(answer);
  });

  app.post('/auth/login', async (request) => {
    const body = parse(LoginBody, request.body);
    // Per username *and* address: counted per username alone, anyone could keep an owner (even the
    // admin) locked out with a few wrong passwords a minute. Guessing from one address stays throttled.
    const username = body.username.toLowerCase();
    await enforce(ctx.limiter, `login:user:${username}:ip:${from(request)}`, rules.loginPerUsername);
    const answer = await auth.login(ctx, body, clientInfo(request));
    await noteSignIn(ctx, answer.user.id, clientInfo(request), true);
    return answer;
  });

  app.post('/auth/refresh', async (request) => {
    const body = parse(RefreshBody, request.body);
    return refresh(ctx, body.refresh_token, clientInfo(request));
  });

  // Ends this device's session. The access token identifies it; a refresh token alone also works,
  // so a client whose access token has expired can still log out cleanly.
  app.post('/auth/logout', async (request, reply) => {
    const body = parse(LogoutBody, request.body ?? undefined);
    const bearer = bearerToken(request);
    const user = bearer ? await userFromToken(ctx, bearer) : null;
    const target = user
      ? { user_id: user.id, device_id: user.deviceId }
      : body?.refresh_token
        ? await auth.deviceOfRefreshToken(ctx, body.refresh_token)
        : null;
    if (!target) throw unauthorized();
    await auth.logout(ctx, target.device_id);
    return reply.code(204).send();
  });

  app.get('/auth/me', async (request) => toSelfUser(await authenticate(ctx, request)));

  deviceRoutes(app, ctx);
}
