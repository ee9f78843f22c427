import { z } from 'zod';
import { UserText } from './common.js';
import { Email, Password, SelfUser, Username } from './users.js';

export const RegisterBody = z.object({
  username: Username,
  password: Password,
  email: z.union([Email, z.literal('').transform(() => null), z.null()]).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  username: UserText('Username is required').trim().min(1, 'Username is required').max(64),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1).max(512),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

export const LogoutBody = z.object({ refresh_token: z.string().max(512).optional() }).optional();

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().describe('Seconds until the access token expires'),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const AuthAnswer = TokenPair.extend({ user: SelfUser });
export type AuthAnswer = z.infer<typeof AuthAnswer>;
