import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  ChannelReadStatus,
  GroupReadStatus,
  MarkChannelReadBody,
  MarkChannelUnreadBody,
  ReadStatusQuery,
} from './read-status.js';

/** Read status of channels and groups. */
export const READ_STATUS_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/channel/read-status/all',
    auth: 'user',
    status: 200,
    summary:
      "The caller's read status in every text channel they may view, by channel id; `group_id` narrows to one group (404 if the caller may not view it). Own messages never count as unread.",
    query: ReadStatusQuery,
    answer: z.array(ChannelReadStatus),
  },
  {
    method: 'POST',
    path: '/channel/:id/mark-read',
    auth: 'user',
    status: 200,
    summary:
      "Marks a channel read up to `message_id` (a message of this channel, else 404), or its newest message when null. The mark never moves back; a change is sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: MarkChannelReadBody,
    answer: ChannelReadStatus,
  },
  {
    method: 'POST',
    path: '/channel/:id/mark-unread',
    auth: 'user',
    status: 200,
    summary:
      "Mark Unread: moves the caller's mark in a channel back to just before `message_id` (a message of this channel, else 404), so it and everything after it are unread again, mentions included; sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: MarkChannelUnreadBody,
    answer: ChannelReadStatus,
  },
  {
    method: 'GET',
    path: '/group/read-status/all',
    auth: 'user',
    status: 200,
    summary: "The caller's read status summed up per group they may view, by group id.",
    answer: z.array(GroupReadStatus),
  },
  {
    method: 'POST',
    path: '/group/:id/mark-read',
    auth: 'user',
    status: 200,
    summary:
      "Marks every text channel of a group read up to its newest message; each channel that changed is sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: GroupReadStatus,
  },
];
