import { z } from 'zod';
import { hasLoneSurrogate } from './rules.js';
import { TEXT } from './texts.js';

/** Database ids are positive integers; path and query strings are coerced. */
const ID_TEXT = 'Must be a positive integer id';
const IdNumber = z.number({ error: ID_TEXT }).int(ID_TEXT).positive(ID_TEXT).max(Number.MAX_SAFE_INTEGER, ID_TEXT);

export const Id = z.coerce.number({ error: ID_TEXT }).pipe(IdNumber);

/** A JSON body id must be a number, or a string of digits. */
export const BodyId = z
  .union([IdNumber, z.string().regex(/^\d+$/, ID_TEXT)], { error: ID_TEXT })
  .transform(Number)
  .pipe(IdNumber);

export const IdParams = z.object({ id: Id });

export const ErrorAnswer = z.object({ detail: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const OkAnswer = z.object({ ok: z.literal(true) });

export const IsoDate = z.string().describe('ISO 8601 timestamp');

/**
 * A string a user typed, which the server stores and shows to others: every such input is built on
 * this, so all refuse a lone UTF-16 surrogate the same way (checked first, so that text is the answer).
 */
export const UserText = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine((s) => !hasLoneSurrogate(s), TEXT.textMalformed);

/** Trimmed, non-empty display name (groups, channels, categories). */
export const Name = (required: string, max: number) =>
  UserText(required).trim().min(1, required).max(max, `Name must be ${max} characters or fewer`);
