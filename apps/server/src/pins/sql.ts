import type { PinPlace } from './place.js';

/*
 * The statements of pins, for either place. The list and the count walk the partial indexes of
 * migration 0027 ((channel_id | conversation_id, pinned_at DESC) WHERE pinned_at IS NOT NULL), which
 * hold only pinned rows: at most 50 per place.
 */

/** A pinned message's row: the message's columns (MessageRow), with when and by whom. */
const pinnedSelect = (place: PinPlace) => `SELECT ${place.columns}, m.pinned_at, m.pinned_by FROM ${place.from}`;

/** $1 the place: its pinned messages, newest pinned first. */
export const listSql = (place: PinPlace) =>
  `${pinnedSelect(place)} WHERE m.${place.column} = $1 AND m.pinned_at IS NOT NULL ORDER BY m.pinned_at DESC, m.id DESC`;

/** $1 a message of the place $2, as a pinned message (pinned_at null when it is not pinned). */
export const oneSql = (place: PinPlace) => `${pinnedSelect(place)} WHERE m.id = $1 AND m.${place.column} = $2`;

/** $1 a message of the place $2: what a pin needs to know of it, locked until the pin's transaction ends. */
export const targetSql = (place: PinPlace) =>
  `SELECT message_type, pinned_at IS NOT NULL AS pinned FROM messages WHERE id = $1 AND ${place.column} = $2 FOR UPDATE`;

/** $1 the place: how many of its messages are pinned. */
export const countSql = (place: PinPlace) =>
  `SELECT count(*)::int AS n FROM messages WHERE ${place.column} = $1 AND pinned_at IS NOT NULL`;

/** $1 the message, $2 the pinner. */
export const PIN_SQL = 'UPDATE messages SET pinned_at = now(), pinned_by = $2 WHERE id = $1';

/** $1 a message of the place $2, if it is pinned. Nothing happens (and no row returns) when it is not. */
export const unpinSql = (place: PinPlace) =>
  `UPDATE messages SET pinned_at = NULL, pinned_by = NULL
    WHERE id = $1 AND ${place.column} = $2 AND pinned_at IS NOT NULL RETURNING id`;

/** $1 a message of the place $2: whether it exists. */
export const existsSql = (place: PinPlace) => `SELECT 1 FROM messages WHERE id = $1 AND ${place.column} = $2`;

/**
 * The system line of a pin: $1 the place, $2 the pinner (its author), $3 its text, $4 the pinned
 * message, which it replies to (without mentioning its author), so it can jump there as Discord's does.
 */
export const lineSql = (place: PinPlace) =>
  `INSERT INTO messages (${place.column}, user_id, content, message_type, reply_to_id, reply_mention)
   VALUES ($1, $2, $3, 'system', $4, false) RETURNING id`;
