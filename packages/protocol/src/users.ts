import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { TEXT } from './texts.js';
import { IsoDate, UserText } from './common.js';

export { USERNAME_CHARS as USERNAME_PATTERN } from './rules.js';
import { EMAIL_MAX, EMAIL_PATTERN, USERNAME_CHARS as USERNAME_PATTERN } from './rules.js';

/** Username rules and texts, in the order the spec checks them. */
export const Username = UserText(TEXT.usernameTooShort)
  .trim()
  .min(USERNAME_MIN, TEXT.usernameTooShort)
  .max(USERNAME_MAX, TEXT.usernameTooLong)
  .regex(USERNAME_PATTERN, TEXT.usernameChars);

export const Password = z
  .string({ error: TEXT.passwordTooShort })
  .min(PASSWORD_MIN, TEXT.passwordTooShort)
  .max(PASSWORD_MAX, TEXT.passwordTooLong);

/** Simple address pattern of spec 3 §5: no spaces, one @, a dot in the domain. */
export const Email = UserText(TEXT.invalidEmail)
  .trim()
  .max(EMAIL_MAX, TEXT.invalidEmail)
  .regex(EMAIL_PATTERN, TEXT.invalidEmail);

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** The public profile of a user, as embedded in messages and lists. */
export const PublicUser = z.object({
  id: z.number(),
  username: z.string(),
  role: Role,
  nickname: z.string().nullable(),
  pronouns: z.string().nullable(),
  pronouns_bg_color: z.string().nullable(),
  pronouns_text_color: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  profile_blur_enabled: z.boolean(),
  created_at: IsoDate,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** The signed-in user: the public profile plus private fields. */
export const SelfUser = PublicUser.extend({
  email: z.string().nullable(),
  is_admin: z.boolean(),
});
export type SelfUser = z.infer<typeof SelfUser>;
