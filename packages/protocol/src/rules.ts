/**
 * Validation rules both sides apply, written without zod so the web client can use them without
 * bundling the schema library. The server's zod schemas use the same texts.
 */
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { TEXT } from './texts.js';

export {
  canonicalEmoji,
  singleEmoji,
  EMOJI_MAX_LENGTH,
  REACTION_EMOJI_PER_MESSAGE_MAX,
  EMOJI_TEXT,
  CUSTOM_EMOJI_PER_USER_MAX,
  CUSTOM_EMOJI_MAX_BYTES,
  CUSTOM_EMOJI_MAX_PX,
  CUSTOM_EMOJI_MAX_TOTAL_PIXELS,
  CUSTOM_EMOJI_NAME_MAX,
  CUSTOM_EMOJI_NAME_CHARS,
  emojiNameProblem,
  normalEmojiName,
} from './emoji-rules.js';
export { extractMentions, EVERYONE_MENTION, type ExtractedMentions } from './mention-rules.js';

export const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;

/**
 * Whether text holds half of a UTF-16 surrogate pair. Such text has no UTF-8 form: stored, it would
 * come back with U+FFFD in its place, unlike what was sent and echoed. (With the u flag a whole
 * pair is one code point, so only a lone half matches.)
 */
export const hasLoneSurrogate = (text: string): boolean => /\p{Surrogate}/u.test(text);

/** The first rule a username breaks (spec 3 §5 order), or null when it is fine. */
export function usernameProblem(raw: string): string | null {
  if (hasLoneSurrogate(raw)) return TEXT.textMalformed;
  const name = raw.trim();
  if (name.length < USERNAME_MIN) return TEXT.usernameTooShort;
  if (name.length > USERNAME_MAX) return TEXT.usernameTooLong;
  if (!USERNAME_CHARS.test(name)) return TEXT.usernameChars;
  return null;
}

/**
 * Spec 3 §5's simple address pattern: no spaces, one @, a dot in the domain; and none of the
 * characters with which a mail library reads a display name or a list (`x<victim@mail.example>` is
 * delivered to victim@mail.example, which the unique index would not see as taken).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const EMAIL_MAX = 254;

/** What is wrong with an email address as typed (it is trimmed first), or null when it is fine. */
export function emailProblem(raw: string): string | null {
  if (hasLoneSurrogate(raw)) return TEXT.textMalformed;
  const email = raw.trim();
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return TEXT.invalidEmail;
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return TEXT.passwordTooShort;
  if (password.length > PASSWORD_MAX) return TEXT.passwordTooLong;
  return null;
}

/** The three group permissions (same shape as the PermissionSet schema). */
export interface PermissionFlags {
  can_view: boolean;
  can_post: boolean;
  can_upload: boolean;
}

/**
 * Dependency rules: view off turns post and upload off; post or upload on turns view on.
 * `changes` are the fields the caller set; an explicit contradiction is refused.
 */
export function applyPermissionChanges(
  current: PermissionFlags,
  changes: Partial<PermissionFlags>,
): PermissionFlags | { error: string } {
  if (changes.can_view === false && (changes.can_post === true || changes.can_upload === true)) {
    return { error: 'Posting and uploading need can_view' };
  }
  const next = { ...current, ...changes };
  if (changes.can_view === false) {
    next.can_post = false;
    next.can_upload = false;
  }
  if (changes.can_post === true || changes.can_upload === true) next.can_view = true;
  return next;
}
