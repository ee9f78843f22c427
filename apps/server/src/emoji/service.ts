import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  CUSTOM_EMOJI_PER_USER_MAX,
  EMOJI_TEXT,
  emojiNameProblem,
  normalEmojiName,
  TEXT,
  type CustomEmoji,
  type UpdateCustomEmojiBody,
} from '@hearth/protocol';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import type { Audience } from '../events/event-log.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
import { detectFormat, encodeEmoji, readCapped, STORED_CONTENT_TYPE, type CappedFile } from './emoji-images.js';
import { EMOJI_COLUMNS, EMOJI_STORAGE_PREFIX, toCustomEmoji, type EmojiRow } from './emoji-row.js';

type UpdateBody = z.output<typeof UpdateCustomEmojiBody>;

/** Sorted by name in any case, then by age; "C" so the order does not depend on the database's locale. */
const ORDER = 'ORDER BY lower(name) COLLATE "C", id';

/** GET /emoji/emojis: the caller's own, or with `publicOnly` every public one (the caller's included). */
export async function listEmoji(ctx: AppContext, user: UserRow, publicOnly: boolean): Promise<CustomEmoji[]> {
  const { rows } = publicOnly
    ? await ctx.db.query<EmojiRow>(`SELECT ${EMOJI_COLUMNS} FROM custom_emojis WHERE is_public ${ORDER}`)
    : await ctx.db.query<EmojiRow>(`SELECT ${EMOJI_COLUMNS} FROM custom_emojis WHERE user_id = $1 ${ORDER}`, [user.id]);
  return rows.map(toCustomEmoji);
}

/** The upload's file and text fields, in whatever order the client sent them. */
interface UploadForm {
  file: CappedFile | null;
  fields: Map<string, string>;
}

async function readForm(parts: AsyncIterable<Multipart>): Promise<UploadForm> {
  const form: UploadForm = { file: null, fields: new Map() };
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname === 'file' && !form.file) form.file = await readCapped(part.file);
      else part.file.resume(); // a file under another name is not read
    } else if (!form.fields.has(part.fieldname)) {
      form.fields.set(part.fieldname, String(part.value));
    }
  }
  return form;
}

/** Spec 1 §5: the flags arrive as text; left out means false. */
function textFlag(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw badRequest(EMOJI_TEXT.badFlag);
}

const NAME_INDEX = 'custom_emojis_user_name_key';
/** The unique index refused the name: another upload or rename of the owner's took it meanwhile. */
const isNameTaken = (err: unknown) =>
  (err as { code?: string }).code === '23505' && (err as { constraint?: string }).constraint === NAME_INDEX;

/**
 * POST /emoji/emojis. The checks run in spec 3 §5's order and the first that fails answers: type
 * (from the bytes), size, dimensions (not for GIF), the 200 limit, the name (required, characters,
 * length), its uniqueness. The picture is re-encoded before the limit is counted, since bytes that
 * do not decode fail the type check, which comes first. The limit is counted again with the owner's
 * row locked, so two uploads at once cannot pass 200, and the unique index settles the name.
 */
export async function uploadEmoji(
  ctx: AppContext,
  user: UserRow,
  parts: AsyncIterable<Multipart>,
): Promise<CustomEmoji> {
  const { file, fields } = await readForm(parts);
  if (!file) throw badRequest(TEXT.uploadNoFile);
  if (file.bytes.length === 0) throw badRequest(TEXT.uploadEmpty);
  const format = await detectFormat(file.bytes);
  if (!format) throw badRequest(EMOJI_TEXT.invalidType);
  if (file.tooLarge) throw badRequest(EMOJI_TEXT.tooLarge);
  const encoded = await encodeEmoji(file.bytes, format);

  const name = normalEmojiName(fields.get('name') ?? '');
  const { rows } = await ctx.db.query<{ count: number; taken: boolean }>(
    `SELECT count(*)::int AS count, coalesce(bool_or(lower(name) = lower($2)), false) AS taken
       FROM custom_emojis WHERE user_id = $1`,
    [user.id, name],
  );
  if (rows[0]!.count >= CUSTOM_EMOJI_PER_USER_MAX) throw badRequest(EMOJI_TEXT.limitReached);
  const problem = emojiNameProblem(name);
  if (problem) throw badRequest(problem);
  if (rows[0]!.taken) throw badRequest(EMOJI_TEXT.nameTaken);
  const isPublic = textFlag(fields.get('is_public'));
  const isNsfw = textFlag(fields.get('is_nsfw'));

  const key = `${EMOJI_STORAGE_PREFIX}${randomUUID().replaceAll('-', '')}.webp`;
  const size = await ctx.storage.put(key, Readable.from([encoded.data]));
  try {
    const row = await inTransaction(ctx.db, async (tx) => {
      // FOR NO KEY UPDATE, the lock the storage trigger's UPDATE takes anyway: it queues this user's
      // uploads behind each other without blocking their messages (whose foreign key takes KEY SHARE).
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
      const counted = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM custom_emojis WHERE user_id = $1',
        [user.id],
      );
      if (counted.rows[0]!.count >= CUSTOM_EMOJI_PER_USER_MAX) throw badRequest(EMOJI_TEXT.limitReached);
      const inserted = await tx.query<EmojiRow>(
        `INSERT INTO custom_emojis (user_id, name, storage_key, content_type, file_size, width, height, is_public, is_nsfw)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${EMOJI_COLUMNS}`,
        [user.id, name, key, STORED_CONTENT_TYPE, size, encoded.width, encoded.height, isPublic, isNsfw],
      );
      return inserted.rows[0]!;
    });
    return toCustomEmoji(row);
  } catch (err) {
    await ctx.storage.delete(key);
    throw isNameTaken(err) ? badRequest(EMOJI_TEXT.nameTaken) : err;
  }
}

const ownerAudience = (emoji: EmojiRow): Audience => ({ kind: 'users', userIds: [emoji.user_id] });

/**
 * The emoji the caller wants to change or delete: their own, or anyone's for an ADMIN. Someone
 * else's private emoji is answered 404 like one that does not exist: the caller cannot list it, and
 * ids are sequential, so a 403 would confirm to anyone probing ids that a private emoji is there
 * (and whose, through its neighbours). A public one is in everyone's list, so refusing it with 403
 * hides nothing and tells the caller why.
 */
async function emojiForChange(ctx: AppContext, user: UserRow, id: number): Promise<EmojiRow> {
  const { rows } = await ctx.db.query<EmojiRow>(`SELECT ${EMOJI_COLUMNS} FROM custom_emojis WHERE id = $1`, [id]);
  const emoji = rows[0];
  if (!emoji) throw notFound(EMOJI_TEXT.notFound);
  if (emoji.user_id === user.id || isAdmin(user)) return emoji;
  if (!emoji.is_public) throw notFound(EMOJI_TEXT.notFound);
  throw forbidden(EMOJI_TEXT.notOwn);
}

/**
 * PUT /emoji/emojis/{id}: a new name (the upload's rules, checked by the body's schema), public or
 * NSFW flag. The unique index decides whether the name is free among the owner's emoji (the emoji
 * itself excluded, so a change of case is allowed), so a rename racing another cannot take a name twice.
 */
export async function updateEmoji(ctx: AppContext, user: UserRow, id: number, body: UpdateBody): Promise<CustomEmoji> {
  const before = await emojiForChange(ctx, user, id);
  try {
    const { rows } = await ctx.db.query<EmojiRow>(
      `UPDATE custom_emojis
          SET name = coalesce($2, name), is_public = coalesce($3, is_public), is_nsfw = coalesce($4, is_nsfw)
        WHERE id = $1 RETURNING ${EMOJI_COLUMNS}`,
      [id, body.name ?? null, body.is_public ?? null, body.is_nsfw ?? null],
    );
    if (!rows[0]) throw notFound(EMOJI_TEXT.notFound); // deleted meanwhile
    const emoji = toCustomEmoji(rows[0]);
    // Everyone may hold it (in their list, or in reactions) once it was or is public; a private one's
    // new name is its owner's business until they use it.
    const everyone = before.is_public || emoji.is_public;
    await ctx.events.publish('custom_emoji_update', emoji, everyone ? { kind: 'all' } : ownerAudience(before));
    return emoji;
  } catch (err) {
    throw isNameTaken(err) ? badRequest(EMOJI_TEXT.nameTaken) : err;
  }
}

/**
 * DELETE /emoji/emojis/{id}. The row's trigger takes its bytes off the owner's storage and queues the
 * file for removal in the same transaction; reactions with the emoji go with it (foreign key cascade).
 */
export async function deleteEmoji(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  await emojiForChange(ctx, user, id);
  const deleted = await ctx.db.query('DELETE FROM custom_emojis WHERE id = $1', [id]);
  if (!deleted.rowCount) throw notFound(EMOJI_TEXT.notFound);
  void removeDeletedFiles(ctx);
  // One event for every reaction the cascade took, wherever they were: a popular emoji may have been
  // used thousands of times, and each client knows which of its messages carry it. Only the id is
  // told, so a private emoji's name does not travel.
  await ctx.events.publish('custom_emoji_delete', { id }, { kind: 'all' });
}

/** What a reaction shows of a custom emoji. */
export interface UsableEmoji {
  name: string;
  storage_key: string;
}

/**
 * A custom emoji `user` may react with: their own, or a public one. Anything else (someone else's
 * private emoji, or none at all) is null, so both are answered alike and a private emoji's existence
 * is not told.
 */
export async function usableEmoji(db: Queryable, user: UserRow, id: number): Promise<UsableEmoji | null> {
  const { rows } = await db.query<UsableEmoji>(
    'SELECT name, storage_key FROM custom_emojis WHERE id = $1 AND (user_id = $2 OR is_public)',
    [id, user.id],
  );
  return rows[0] ?? null;
}
