import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  ChannelPinParams,
  DmPinParams,
  DmPinsParams,
  PinnedMessage,
  PIN_TEXT,
  PINS_PER_CONVERSATION_MAX,
} from './pins.js';

const PINNING =
  `At most ${PINS_PER_CONVERSATION_MAX} per conversation (400 '${PIN_TEXT.channelFull}', or '${PIN_TEXT.conversationFull}' in a direct message). ` +
  "Pinning a pinned message changes nothing and answers it as it is; a new pin leaves a system line ('X pinned a message to this channel', replying to the pinned message) and sends `message_pin_update`. " +
  `System messages cannot be pinned (400).`;

/** Pinned messages of channels and of direct conversations. */
export const PIN_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/channel/:id/pins',
    auth: 'user',
    status: 200,
    summary:
      "The channel's pinned messages, newest pinned first, in the history's shape with `pinned_at` and `pinned_by`. 404 for a channel the caller cannot view.",
    params: IdParams,
    answer: z.array(PinnedMessage),
  },
  {
    method: 'PUT',
    path: '/channel/:id/pins/:messageId',
    auth: 'user',
    status: 200,
    summary: `Pins a message of the channel; admins only (403 '${PIN_TEXT.adminsOnly}'). A channel the caller cannot view, or a message of another channel, is 404. ${PINNING}`,
    limits: ['writePerUser'],
    params: ChannelPinParams,
    answer: PinnedMessage,
  },
  {
    method: 'DELETE',
    path: '/channel/:id/pins/:messageId',
    auth: 'user',
    status: 204,
    summary:
      'Unpins a message of the channel (admins only, 403; 404 as for pinning). Unpinning a message that is not pinned changes nothing; no system line is written. Sends `message_pin_update` when it was pinned.',
    limits: ['writePerUser'],
    params: ChannelPinParams,
  },
  {
    method: 'GET',
    path: '/dm/:userId/pins',
    auth: 'user',
    status: 200,
    summary:
      "The pinned messages of the conversation with `userId`, newest pinned first, as for a channel. 403 when either has blocked the other ('You cannot view this conversation'); 404 no such user; 400 yourself.",
    params: DmPinsParams,
    answer: z.array(PinnedMessage),
  },
  {
    method: 'PUT',
    path: '/dm/:userId/pins/:messageId',
    auth: 'user',
    status: 200,
    summary: `Pins a message of the conversation with \`userId\`: either participant may, unless one has blocked the other (403). A message of another conversation is 404. ${PINNING.replace('this channel', 'this conversation')}`,
    limits: ['writePerUser'],
    params: DmPinParams,
    answer: PinnedMessage,
  },
  {
    method: 'DELETE',
    path: '/dm/:userId/pins/:messageId',
    auth: 'user',
    status: 204,
    summary:
      'Unpins a message of the conversation with `userId` (either participant; 403 across a block; 404 as for pinning). Idempotent, without a system line.',
    limits: ['writePerUser'],
    params: DmPinParams,
  },
];
