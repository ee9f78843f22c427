import { z } from 'zod';
import { hasLoneSurrogate } from './rules.js';
import { TEXT } from './texts.js';

/** Database ids are positive integers. */
const ID_TEXT = 'Must be a positive integer id';
const IdNumber = z.number({ error: ID_TEXT }).int(ID_TEXT).positive(ID_TEXT).max(Number.MAX_SAFE_INTEGER, ID_TEXT);
/**
 * An id written as text: decimal digits only, without a leading zero. Number() alone would also read
 * '0xb', '011', '11.0', '1e1', ' 11' and '+11' as ids, so one id would have many addresses.
 */
const IdDigits = z.string({ error: ID_TEXT }).regex(/^[1-9]\d*$/, ID_TEXT);

/** An id in a path or query string (or a number, when a client's own code parses one). */
export const Id = z.union([IdNumber, IdDigits], { error: ID_TEXT }).transform(Number).pipe(IdNumber);

/** A JSON body id must be a number, or a string of digits as in a path. */
export const BodyId = Id;

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
