import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { OwnPresence, PresenceUpdateBody, UserPresence } from './presence.js';

/** Presence. */
export const PRESENCE_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/user/presence/all',
    auth: 'user',
    status: 200,
    summary:
      "The presence of everyone the caller may see (friends, and people sharing a group with the caller) who is not offline as others see them, plus the caller's own. Anyone not listed is offline. An invisible user is never listed (nor anyone who set offline).",
    answer: z.array(z.union([OwnPresence, UserPresence])),
  },
  {
    method: 'GET',
    path: '/user/presence',
    auth: 'user',
    status: 200,
    summary:
      "The caller's own presence: the status, whether they are connected, invisible, and whether the status was their own choice.",
    answer: OwnPresence,
  },
  {
    method: 'PUT',
    path: '/user/presence',
    auth: 'user',
    status: 200,
    summary:
      "Changes the caller's presence. `is_manual` true (the status menu): kept until changed, except that plain Online (not invisible) hands the status back to the automatic rules. Otherwise an automatic change, online or away only, ignored while a manual status stands (400 for busy, offline or is_invisible). Others get `presence_update` when what they see changed.",
    limits: ['writePerUser'],
    body: PresenceUpdateBody,
    answer: OwnPresence,
  },
  {
    method: 'POST',
    path: '/user/presence/heartbeat',
    auth: 'user',
    status: 200,
    summary:
      "The client's sign of life every 60 s while visible; answers the caller's presence, so a missed event corrects itself. Being connected is the live connection's doing: a user goes offline PRESENCE_OFFLINE_GRACE_MS after their last connection closes.",
    answer: OwnPresence,
    limits: ['presenceHeartbeatPerUser'],
  },
];
