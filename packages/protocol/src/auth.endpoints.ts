import type { Endpoint } from './endpoint-types.js';
import { AuthAnswer, LoginBody, LogoutBody, RefreshBody, RegisterBody, TokenPair } from './auth.js';
import { SelfUser } from './users.js';

/** Accounts: registering, signing in and out, refreshing tokens, and who is signed in. */
export const AUTH_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/auth/register',
    auth: 'none',
    status: 201,
    summary:
      'Creates an account and signs it in on a new device (201). The first account becomes ADMIN; a taken username (any case) is 409.',
    limits: ['registerPerIp'],
    body: RegisterBody,
    answer: AuthAnswer,
  },
  {
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    status: 200,
    summary:
      'Signs in on a new device. A wrong username or password is 401 "Invalid username or password"; the system account can never sign in.',
    limits: ['loginPerIp', 'loginPerUsername'],
    body: LoginBody,
    answer: AuthAnswer,
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    auth: 'none',
    status: 200,
    summary:
      'Rotates a refresh token: answers a new pair and spends the old token. Presenting a spent token revokes that device (401 "Session revoked").',
    limits: ['refreshPerIp'],
    body: RefreshBody,
    answer: TokenPair,
  },
  {
    method: 'POST',
    path: '/auth/logout',
    auth: 'user',
    status: 204,
    summary:
      "Ends this device's session (204); its live connections close with 4003. The bearer token identifies the device, or `refresh_token` alone when the access token has expired.",
    body: LogoutBody,
    limits: ['writePerUser'],
  },
  {
    method: 'GET',
    path: '/auth/me',
    auth: 'user',
    status: 200,
    summary: "The signed-in user's profile, with the private fields.",
    answer: SelfUser,
  },
];
