import { pingedUserIds, type Mentions } from './resolve-mentions.js';

/*
 * The statements that write a message's text also write its mentions, in the same statement, so a
 * message and its mention rows can never disagree: the message's own columns (what it shows) and the
 * message_mentions rows (what the unread-mention count walks; the author is never among them).
 */

/** The mention parameters, after a statement's own: mentioned_users (JSON), mentions_everyone, the ids pinged by name. */
export const mentionValues = (mentions: Mentions, authorId: number): [string, boolean, number[]] => [
  JSON.stringify(mentions.users),
  mentions.everyone,
  pingedUserIds(mentions, authorId),
];

/**
 * A send: $1 channel, $2 author, $3 content, $4 nonce, then mentionValues ($5-$7), then the reply's
 * replyValues ($8-$9, replies/reply-target.ts). A repeated nonce inserts nothing.
 */
export const SEND_SQL = `
  WITH inserted AS (
    INSERT INTO messages (channel_id, user_id, content, nonce, mentioned_users, mentions_everyone, reply_to_id, reply_mention)
    VALUES ($1, $2, $3, $4, $5, $6, $8, $9)
    ON CONFLICT (user_id, nonce) WHERE nonce IS NOT NULL DO NOTHING
    RETURNING id, created_at
  ), indexed AS (
    INSERT INTO message_mentions (user_id, channel_id, message_id)
    SELECT u, $1, inserted.id FROM inserted, unnest($7::bigint[]) AS u
  )
  SELECT id, created_at FROM inserted`;

/**
 * An edit: $1 message, $2 content, $3 author, then mentionValues ($4-$6). The message's mention rows become
 * the new set; `added` lists the users it did not mention before (the ones an edit pings).
 */
export const EDIT_SQL = `
  WITH edited AS (
    UPDATE messages SET content = $2, edited_at = now(), mentioned_users = $4, mentions_everyone = $5
     WHERE id = $1 AND user_id = $3 AND NOT removed_by_admin
    RETURNING id, channel_id, edited_at
  ), dropped AS (
    DELETE FROM message_mentions mm USING edited
     WHERE mm.message_id = edited.id AND mm.user_id <> ALL ($6::bigint[])
  ), added AS (
    INSERT INTO message_mentions (user_id, channel_id, message_id)
    SELECT u, edited.channel_id, edited.id FROM edited, unnest($6::bigint[]) AS u
    ON CONFLICT DO NOTHING
    RETURNING user_id
  )
  SELECT edited_at, COALESCE((SELECT json_agg(user_id) FROM added), '[]') AS added FROM edited`;

/** An admin's removal: $1 message, $2 the removal notice. The notice mentions no one, so no one stays pinged. */
export const REMOVE_SQL = `
  WITH removed AS (
    UPDATE messages SET content = $2, removed_by_admin = true, mentioned_users = '[]', mentions_everyone = false,
           embeds = '[]', embeds_removed = true
     WHERE id = $1
    RETURNING id
  )
  DELETE FROM message_mentions mm USING removed WHERE mm.message_id = removed.id`;
