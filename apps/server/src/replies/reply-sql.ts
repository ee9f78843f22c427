import { REPLY_PREVIEW_LENGTH } from '@hearth/protocol';

/*
 * What a reply shows of its original (protocol ReplyTo), built by the statement that reads the reply:
 * every page of history (channels and conversations), and every single message read back, select it
 * with the rest of the message, so a page of replies costs no query of its own.
 *
 * It is a scalar sub-select of the message's own row: one probe of the primary key of messages (and
 * of users, and of the attachments index for `has_attachments`) per reply on the page, skipped by the
 * CASE for a message that answers nothing. Written as a sub-select rather than a join, the page's
 * ordered index walk (messages/history.ts) stays the plan's only scan of the page, whatever the
 * planner believes about the table; test/history-plan.test.ts checks both.
 */

/** The ReplyTo of the original `r` (a messages row) by `ru` (its author). */
export const replyToJson = (r: string, ru: string) => `json_build_object(
    'id', ${r}.id, 'user_id', ${r}.user_id, 'username', ${ru}.username,
    'content', left(${r}.content, ${REPLY_PREVIEW_LENGTH}),
    'has_attachments', EXISTS (SELECT 1 FROM attachments ra WHERE ra.message_id = ${r}.id),
    'deleted', false)`;

/**
 * The `reply_to` column of a message `m`: null when it answers nothing; the original as it is now
 * (its text edited, or replaced by an admin's removal notice); or, once the original is deleted, only
 * its id with `deleted` true. reply_to_id has no foreign key, so a deleted original's id stays.
 */
export const REPLY_TO_COLUMN = `CASE WHEN m.reply_to_id IS NULL THEN NULL ELSE COALESCE(
    (SELECT ${replyToJson('r', 'ru')} FROM messages r JOIN users ru ON ru.id = r.user_id WHERE r.id = m.reply_to_id),
    json_build_object('id', m.reply_to_id, 'user_id', NULL, 'username', NULL, 'content', '',
                      'has_attachments', false, 'deleted', true)
  ) END AS reply_to`;
