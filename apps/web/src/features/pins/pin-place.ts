import type { MessagePinUpdate } from '@hearth/protocol';
import { conversationIdOf, conversationPair, isConversationId } from '@hearth/protocol/conversation-id';

/** Where pins are kept: a channel, or the conversation with another user. */
export type PinPlace = { kind: 'channel'; channelId: number } | { kind: 'dm'; userId: number };

/**
 * The place of a message's `channel_id` (a channel's id, or a conversation's negative id) as `viewerId`
 * names it; null for a conversation the viewer is not in.
 */
export function placeOf(channelId: number, viewerId: number): PinPlace | null {
  if (!isConversationId(channelId)) return { kind: 'channel', channelId };
  const pair = conversationPair(channelId);
  if (!pair || !pair.includes(viewerId)) return null;
  return { kind: 'dm', userId: pair[0] === viewerId ? pair[1] : pair[0] };
}

/** The place a `message_pin_update` is about, as its receiver names it. */
export const placeOfUpdate = (event: MessagePinUpdate): PinPlace | null =>
  event.dm_user_id !== undefined
    ? { kind: 'dm', userId: event.dm_user_id }
    : event.channel_id !== undefined
      ? { kind: 'channel', channelId: event.channel_id }
      : null;

/** The id the message window and the list of the place go by: the channel's, or the conversation's. */
export const windowIdOf = (place: PinPlace, viewerId: number): number | null =>
  place.kind === 'channel' ? place.channelId : conversationIdOf(viewerId, place.userId);

/** The REST path of the place's pins (GET), or of one pin (PUT, DELETE). */
export function pinsPath(place: PinPlace, messageId?: number): string {
  const base = place.kind === 'channel' ? `/channel/${place.channelId}/pins` : `/dm/${place.userId}/pins`;
  return messageId === undefined ? base : `${base}/${messageId}`;
}

export const pinKeys = {
  all: ['pins'] as const,
  place: (place: PinPlace) => ['pins', place.kind, place.kind === 'channel' ? place.channelId : place.userId] as const,
};
