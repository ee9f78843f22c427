import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import {
  GuardianAnnounceBody,
  GuardianAnswer,
  GuardianHugBody,
  GuardianMessageBody,
  SlashCommandSchema,
} from './commands.js';

/** Slash commands and Guardian. */
export const COMMAND_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/commands',
    auth: 'none',
    status: 200,
    summary:
      'The slash commands the composer understands: each base with its subcommands (name, description, adminOnly). Clients hide admin-only subcommands from everyone else.',
    answer: z.array(SlashCommandSchema),
  },
  {
    method: 'POST',
    path: '/admin/guardian/announce',
    auth: 'admin',
    status: 200,
    summary:
      "`/guardian announce [#channel] message`, admins only (403 'You do not have permission to run this command'): Guardian posts `message` in `channel_name` (a text channel of the current channel's group, any case; 404 if none) or in the current channel, and everyone who can see it gets `admin_announcement`.",
    limits: ['writePerUser', 'messagePerUser'],
    body: GuardianAnnounceBody,
    answer: GuardianAnswer,
  },
  {
    method: 'POST',
    path: '/admin/guardian/send-message',
    auth: 'admin',
    status: 200,
    summary:
      "An admin's Guardian message to one user: a direct message from Guardian (title in bold, then the content) that the user cannot answer. 403 for non-admins; 404 no such user (or the system account); 400 'Title cannot be empty' / 'Content cannot be empty'.",
    limits: ['writePerUser'],
    body: GuardianMessageBody,
    answer: GuardianAnswer,
  },
  {
    method: 'POST',
    path: '/guardian/hugme',
    auth: 'user',
    status: 200,
    summary: '`/guardian hugme`: Guardian posts a hug for the caller in the current channel (needs can_post there).',
    limits: ['writePerUser', 'messagePerUser'],
    body: GuardianHugBody,
    answer: GuardianAnswer,
  },
];
