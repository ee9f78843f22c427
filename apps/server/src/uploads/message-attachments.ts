import type { Message, PermissionSet } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import { inTransaction, type Db, type DbClient, type Queryable } from '../db/pool.js';
import { badRequest, forbidden } from '../http/errors.js';
import type { FileUrls } from './file-urls.js';
import { toAttachment, type AttachmentRow } from './attachment-row.js';

export interface AttachmentsToSend {
  ids: number[];
  sensitive: number[];
}

/**
 * Checks what a send wants to attach before anything is written: no repeats, sensitive ones among
 * them, can_upload in the channel's group, and each one the sender's own upload not sent yet.
 * The claim in the send's transaction repeats the last condition, so a concurrent send of the same
 * upload cannot take it too.
 */
export async function checkAttachmentsToSend(
  db: Queryable,
  userId: number,
  permissions: PermissionSet,
  body: { attachment_ids?: number[] | undefined; sensitive_attachment_ids?: number[] | undefined },
): Promise<AttachmentsToSend | null> {
  const ids = body.attachment_ids ?? [];
  const sensitive = body.sensitive_attachment_ids ?? [];
  if (ids.length === 0) {
    if (sensitive.length > 0) throw badRequest(TEXT.sensitiveNotAttached);
    return null;
  }
  if (new Set(ids).size !== ids.length) throw badRequest(TEXT.attachmentsDuplicate);
  if (sensitive.some((id) => !ids.includes(id))) throw badRequest(TEXT.sensitiveNotAttached);
  if (!permissions.can_upload) throw forbidden(TEXT.noUploadPermission);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM attachments WHERE id = ANY($1::bigint[]) AND user_id = $2 AND message_id IS NULL`,
    [ids, userId],
  );
  if (rows[0]!.n !== ids.length) throw badRequest(TEXT.attachmentsNotYours);
  return { ids, sensitive };
}

/** Ties the uploads to the new message, in the order given, within the send's transaction. */
export async function claimAttachments(
  tx: Queryable,
  messageId: number,
  userId: number,
  wanted: AttachmentsToSend,
): Promise<AttachmentRow[]> {
  const { rows } = await tx.query<AttachmentRow>(
    `UPDATE attachments a
        SET message_id = $1, position = w.position, is_sensitive = a.id = ANY($4::bigint[])
       FROM unnest($2::bigint[]) WITH ORDINALITY AS w(id, position)
      WHERE a.id = w.id AND a.user_id = $3 AND a.message_id IS NULL
      RETURNING a.*`,
    [messageId, wanted.ids, userId, wanted.sensitive],
  );
  // Sent by another request between the check and here: the whole send is refused.
  if (rows.length !== wanted.ids.length) throw badRequest(TEXT.attachmentsNotYours);
  return rows.sort((a, b) => a.position - b.position);
}

/** Sets a message's attachments (and the id lists that mirror them) from its rows, in order. */
export function setAttachments(message: Message, rows: readonly AttachmentRow[], urls: FileUrls): void {
  message.attachments = rows.map((row) => toAttachment(row, urls));
  message.attachment_ids = rows.map((row) => row.id);
  message.sensitive_attachment_ids = rows.filter((row) => row.is_sensitive).map((row) => row.id);
}

/** The page loader: every message's attachments with one query, whatever the page's length. */
export function attachmentLoader(urls: FileUrls) {
  return async (db: Queryable, byId: ReadonlyMap<number, Message>): Promise<void> => {
    const { rows } = await db.query<AttachmentRow>(
      'SELECT * FROM attachments WHERE message_id = ANY($1::bigint[]) ORDER BY message_id, position',
      [[...byId.keys()]],
    );
    const perMessage = new Map<number, AttachmentRow[]>();
    for (const row of rows) {
      const list = perMessage.get(row.message_id!) ?? [];
      list.push(row);
      perMessage.set(row.message_id!, list);
    }
    for (const [id, message] of byId) setAttachments(message, perMessage.get(id) ?? [], urls);
  };
}

/**
 * Runs a send's INSERT (which answers the new message's id and time, or nothing for a repeated nonce)
 * and claims its uploads. Text alone is one statement, no transaction: the hottest write path. With
 * uploads, the message and the claim commit together, or neither does; so does whatever `also` writes
 * about a new message (an admin's Guardian message and its audit entry).
 */
export async function insertWithAttachments(
  db: Db,
  sql: string,
  values: unknown[],
  userId: number,
  attaching: AttachmentsToSend | null,
  also?: (tx: DbClient, messageId: number) => Promise<void>,
): Promise<{ inserted: { id: number; created_at: Date } | undefined; claimed: AttachmentRow[] }> {
  type Inserted = { id: number; created_at: Date };
  if (!attaching && !also) return { inserted: (await db.query<Inserted>(sql, values)).rows[0], claimed: [] };
  return inTransaction(db, async (tx) => {
    const inserted = (await tx.query<Inserted>(sql, values)).rows[0];
    const claimed = inserted && attaching ? await claimAttachments(tx, inserted.id, userId, attaching) : [];
    if (inserted && also) await also(tx, inserted.id);
    return { inserted, claimed };
  });
}
