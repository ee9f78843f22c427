import type { Endpoint } from './endpoint-types.js';
import { AUTH_ENDPOINTS } from './auth.endpoints.js';
import { DEVICE_ENDPOINTS } from './devices.endpoints.js';
import { ACCOUNT_ENDPOINTS } from './account.endpoints.js';
import { GROUP_ENDPOINTS } from './groups.endpoints.js';
import { MESSAGE_ENDPOINTS } from './messages.endpoints.js';
import { ATTACHMENT_ENDPOINTS } from './attachments.endpoints.js';
import { COMMAND_ENDPOINTS } from './commands.endpoints.js';
import { FRIEND_ENDPOINTS, PRIVACY_SETTINGS_ENDPOINTS } from './friends.endpoints.js';
import { CHANNEL_MEMBER_ENDPOINTS, PROFILE_ENDPOINTS } from './profiles.endpoints.js';
import { EMOJI_ENDPOINTS } from './emoji.endpoints.js';
import { ADMIN_ENDPOINTS } from './admin.endpoints.js';
import { VERSION_ENDPOINTS } from './versions.endpoints.js';
import { GIF_ENDPOINTS } from './gifs.endpoints.js';
import { PRESENCE_ENDPOINTS } from './presence.endpoints.js';
import { DIRECT_MESSAGE_ENDPOINTS } from './direct-messages.endpoints.js';
import { PRIVACY_REPORT_ENDPOINTS } from './privacy-reports.endpoints.js';
import { PUSH_ENDPOINTS } from './push.endpoints.js';
import { NOTIFICATION_ENDPOINTS } from './notifications.endpoints.js';
import { REACTION_ENDPOINTS } from './reactions.endpoints.js';
import { PIN_ENDPOINTS } from './pins.endpoints.js';
import { MENTION_ENDPOINTS } from './mentions.endpoints.js';
import { READ_STATUS_ENDPOINTS } from './read-status.endpoints.js';
import { VOICE_ENDPOINTS } from './voice.endpoints.js';
import { LINK_PREVIEW_ENDPOINTS } from './link-previews.js';
import { SEARCH_ENDPOINTS } from './search.endpoints.js';

export {
  RATE_LIMITS,
  type Endpoint,
  type EndpointAuth,
  type HttpMethod,
  type RateLimitName,
} from './endpoint-types.js';
export { CLIENT_FRAME_DOCS, CLOSE_CODE_DOCS, FRAME_AUDIENCE, FRAME_LIMITS } from './gateway.docs.js';

/**
 * The catalogue of the REST API: every route the server registers under /api, with its schemas.
 * docs/api.md is generated from it (`npm run docs:api`), and a server test checks it against the
 * routes the server really registers. Each feature lists its routes in `<feature>.endpoints.ts`,
 * beside its schemas; this puts them together in the order docs/api.md shows them.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  ...AUTH_ENDPOINTS,
  ...DEVICE_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...GROUP_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...LINK_PREVIEW_ENDPOINTS,
  ...ATTACHMENT_ENDPOINTS,
  ...COMMAND_ENDPOINTS,
  ...FRIEND_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...EMOJI_ENDPOINTS,
  ...CHANNEL_MEMBER_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...VERSION_ENDPOINTS,
  ...GIF_ENDPOINTS,
  ...PRESENCE_ENDPOINTS,
  ...DIRECT_MESSAGE_ENDPOINTS,
  ...PRIVACY_SETTINGS_ENDPOINTS,
  ...PRIVACY_REPORT_ENDPOINTS,
  ...PUSH_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...REACTION_ENDPOINTS,
  ...PIN_ENDPOINTS,
  ...MENTION_ENDPOINTS,
  ...READ_STATUS_ENDPOINTS,
  ...VOICE_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
];
