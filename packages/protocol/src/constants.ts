/** Numbers from the product spec, shared by the server and the client. */

export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
export const MESSAGE_WINDOW_CAP = 100;
export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_REMOVED_BY_ADMIN = 'Message removed by an admin';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/**
 * Names no account may take (in any case), answered as taken: `@everyone` is the mention of
 * everyone, and a user of that name could never be mentioned alone; `@here` is kept for the same use.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'everyone',
  'here',
  // Look-alikes of the account that stands in for deleted ones ('Deleted User', which no one can type).
  'deleted_user',
  'deleted-user',
  'deleteduser',
];
export const PASSWORD_MIN = 6;
/** Upper bound so a hash of a huge password cannot be used to burn CPU. */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1024;

export const VOICE_MAX_PARTICIPANTS_MIN = 1;
export const VOICE_MAX_PARTICIPANTS_MAX = 50;
export const VOICE_MAX_PARTICIPANTS_DEFAULT = 10;
export const VOICE_BITRATES = [32000, 64000, 96000, 128000] as const;
export const VOICE_BITRATE_DEFAULT = 64000;

/** Live connection (spec 1 §4, §9). */
export const LIVE_PING_INTERVAL_MS = 30_000;
export const LIVE_RECONNECT_BASE_MS = 2_000;
export const LIVE_RECONNECT_MAX_ATTEMPTS = 5;
export const LIVE_RECONNECT_VISIBLE_CAP_MS = 3_000;
export const LIVE_MIN_ATTEMPT_GAP_MS = 1_000;
export const LIVE_TOKEN_CHECK_INTERVAL_MS = 120_000;
export const LIVE_TOKEN_REFRESH_MIN_GAP_MS = 30_000;
/** The server closes a connection that has sent nothing for this long (two missed pings plus slack). */
export const LIVE_IDLE_TIMEOUT_MS = 75_000;
/** Resume buffer: every session can replay at least this many events, or this much time. */
export const RESUME_MIN_EVENTS = 1_000;
export const RESUME_WINDOW_MS = 5 * 60_000;
/**
 * A live connection is closed (4001) this long after its access token expired, unless `token_refresh`
 * brought a newer one: the expiry was set by the issuing node's clock, and a refresh sent just in time
 * may still be in flight or queued behind other frames. A few seconds covers both without letting an
 * expired token keep a connection for long.
 */
export const LIVE_TOKEN_EXPIRY_GRACE_MS = 5_000;
/** Largest client frame the gateway accepts, in bytes. */
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;

/** Mention suggestions (spec 1 §9): 10 by default; a longer query cannot match a name. */
export const MENTION_SUGGESTION_LIMIT = 10;
export const MENTION_SUGGESTION_MAX = 25;
export const MENTION_QUERY_MAX = 100;
export const MENTION_SUGGESTION_DEBOUNCE_MS = 300;

/** Read marks (spec 2 §9): after opening a channel, after reaching its bottom, group refetch, live refresh. */
export const READ_MARK_OPEN_MS = 500;
export const READ_MARK_BOTTOM_MS = 200;
export const READ_GROUP_REFETCH_MS = 100;
export const READ_REFRESH_DEBOUNCE_MS = 200;
/** Unread counts above this show as '99+' (spec 2 §9). */
export const UNREAD_BADGE_MAX = 99;

/**
 * Typing indicators: a client says it is typing at most once per interval while the text changes, and
 * a typist is shown for the expiry after their last `typing_start` (or until their message arrives).
 */
export const TYPING_SEND_INTERVAL_MS = 8_000;
export const TYPING_EXPIRY_MS = 10_000;

/** Client request throttle (spec 1 §5). */
export const CLIENT_THROTTLE_PER_SECOND = 10;

export const ROLES = ['USER', 'MODERATOR', 'ADMIN', 'SYSTEM'] as const;

export const GUARDIAN_USERNAME = 'Guardian';

/**
 * Hosts of the video players a message's video link may load, after the reader asks for it (spec 1
 * §2: YouTube and Shorts, Twitch videos, clips and streams, Vimeo, TikTok, Dailymotion, Streamable).
 * The client builds its embed addresses on these only, and the server's Content-Security-Policy
 * allows exactly these in frame-src, so the two cannot drift apart.
 */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.twitch.tv',
  'https://clips.twitch.tv',
  'https://player.vimeo.com',
  'https://www.tiktok.com',
  'https://geo.dailymotion.com',
  'https://streamable.com',
] as const;

/**
 * Where GIPHY, the GIF service (spec 1 §2), serves its GIFs: an https .gif link there is a service
 * GIF in a message. When the server uses GIPHY for the picker (GIPHY_API_KEY), its
 * Content-Security-Policy's img-src allows these hosts, and the server passes on only results whose
 * addresses are https on one of them.
 */
export const GIPHY_MEDIA_ORIGINS = [
  'https://media.giphy.com',
  'https://media0.giphy.com',
  'https://media1.giphy.com',
  'https://media2.giphy.com',
  'https://media3.giphy.com',
  'https://media4.giphy.com',
  'https://i.giphy.com',
] as const;

/** At most this many attachments on one message (spec 1 §5). */
export const ATTACHMENTS_PER_MESSAGE_MAX = 15;

/** Presence (spec 2 §9): heartbeat while visible, automatic away, throttle of automatic changes. */
export const PRESENCE_HEARTBEAT_MS = 60_000;
export const PRESENCE_AWAY_AFTER_MS = 5 * 60_000;
export const PRESENCE_AUTO_THROTTLE_MS = 2_000;
