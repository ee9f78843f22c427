/** The video platforms of spec 1 §2, by the name the reader sees ('Failed to load {platform} video'). */
export type VideoPlatform = 'YouTube' | 'Twitch' | 'Vimeo' | 'TikTok' | 'Dailymotion' | 'Streamable';

export interface VideoLink {
  platform: VideoPlatform;
  /** What the card says it is: 'YouTube Shorts', 'Twitch clip', ... */
  kind: string;
  /** The platform's player for this video; its origin is one of VIDEO_EMBED_ORIGINS. */
  embedUrl: string;
  /** Shorts and TikToks are portrait. */
  portrait: boolean;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TWITCH_NAME = /^[A-Za-z0-9_]{3,25}$/;
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
/** twitch.tv/<one segment> is a channel's stream, except for Twitch's own pages. */
const TWITCH_PAGES = new Set(
  'directory videos settings downloads jobs turbo p search subscriptions inventory wallet friends messages payments store prime login signup drops following moderator popout u'.split(
    ' ',
  ),
);

/** `www.` and `m.` name the same site. */
const site = (host: string) => host.replace(/^(?:www|m)\./, '');
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

/** YouTube's t= / start= as seconds: 90, 90s, 1m30s, 1h2m3s. */
function startSeconds(value: string | null): number {
  const match = value ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value) : null;
  if (!match) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function youtube(url: URL): VideoLink | null {
  const host = site(url.hostname);
  const parts = segments(url);
  let id: string | undefined;
  let shorts = false;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'music.youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (parts[0] && ['shorts', 'embed', 'live', 'v'].includes(parts[0])) {
      id = parts[1];
      shorts = parts[0] === 'shorts';
    }
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  // youtube-nocookie: YouTube's privacy-enhanced player, which sets no cookies until played.
  const embedUrl = `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
  return { platform: 'YouTube', kind: shorts ? 'YouTube Shorts' : 'YouTube video', embedUrl, portrait: shorts };
}

function twitch(url: URL, parent: string): VideoLink | null {
  const host = site(url.hostname);
  const parts = segments(url);
  // Twitch refuses to play unless told which site embeds it.
  const tail = `parent=${encodeURIComponent(parent)}&autoplay=false`;
  const clip = (slug: string | undefined): VideoLink | null =>
    slug && SLUG.test(slug)
      ? {
          platform: 'Twitch',
          kind: 'Twitch clip',
          embedUrl: `https://clips.twitch.tv/embed?clip=${slug}&${tail}`,
          portrait: false,
        }
      : null;
  if (host === 'clips.twitch.tv') return parts.length === 1 ? clip(parts[0]) : null;
  if (host !== 'twitch.tv') return null;
  const [first, second, third] = parts;
  if (first === 'videos' && second && /^\d{1,15}$/.test(second) && parts.length === 2) {
    return {
      platform: 'Twitch',
      kind: 'Twitch video',
      embedUrl: `https://player.twitch.tv/?video=${second}&${tail}`,
      portrait: false,
    };
  }
  if (first && second === 'clip' && parts.length === 3) return clip(third);
  if (first && parts.length === 1 && TWITCH_NAME.test(first) && !TWITCH_PAGES.has(first.toLowerCase())) {
    return {
      platform: 'Twitch',
      kind: 'Twitch stream',
      embedUrl: `https://player.twitch.tv/?channel=${first.toLowerCase()}&${tail}`,
      portrait: false,
    };
  }
  return null;
}

function vimeo(url: URL): VideoLink | null {
  const host = site(url.hostname);
  const path = url.pathname;
  const match =
    host === 'player.vimeo.com'
      ? /^\/video\/(\d{1,12})\/?$/.exec(path)
      : host === 'vimeo.com'
        ? /^\/(?:channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{1,12})(?:\/([0-9a-f]{6,20}))?\/?$/.exec(path)
        : null;
  if (!match) return null;
  // Unlisted videos carry a hash, in the path or as h=.
  const hash = match[2] ?? url.searchParams.get('h');
  const query = `dnt=1${hash && /^[0-9a-f]{6,20}$/.test(hash) ? `&h=${hash}` : ''}`;
  return {
    platform: 'Vimeo',
    kind: 'Vimeo video',
    embedUrl: `https://player.vimeo.com/video/${match[1]}?${query}`,
    portrait: false,
  };
}

function tiktok(url: URL): VideoLink | null {
  if (site(url.hostname) !== 'tiktok.com') return null;
  // Short links (vm.tiktok.com/…) name no video until followed, which would be a request; not recognised.
  const match = /^\/(?:@[\w.-]+\/video|embed\/v2|player\/v1)\/(\d{8,25})\/?$/.exec(url.pathname);
  return match
    ? {
        platform: 'TikTok',
        kind: 'TikTok video',
        embedUrl: `https://www.tiktok.com/player/v1/${match[1]}`,
        portrait: true,
      }
    : null;
}

function dailymotion(url: URL): VideoLink | null {
  const host = site(url.hostname);
  const parts = segments(url);
  let id: string | undefined;
  if (host === 'dai.ly' && parts.length === 1) id = parts[0];
  else if (host === 'dailymotion.com' && parts[0] === 'video' && parts.length === 2) id = parts[1]?.split('_')[0];
  else if (host === 'dailymotion.com' && parts[0] === 'embed' && parts[1] === 'video') id = parts[2];
  if (!id || !/^x[A-Za-z0-9]{2,15}$/.test(id)) return null;
  return {
    platform: 'Dailymotion',
    kind: 'Dailymotion video',
    embedUrl: `https://geo.dailymotion.com/player.html?video=${id}`,
    portrait: false,
  };
}

function streamable(url: URL): VideoLink | null {
  if (site(url.hostname) !== 'streamable.com') return null;
  const match = /^\/(?:[eo]\/)?([A-Za-z0-9]{3,12})\/?$/.exec(url.pathname);
  return match
    ? {
        platform: 'Streamable',
        kind: 'Streamable video',
        embedUrl: `https://streamable.com/e/${match[1]}`,
        portrait: false,
      }
    : null;
}

/**
 * The video link of spec 1 §2 an address is, if any: YouTube (and Shorts), Twitch (video, clip,
 * stream), Vimeo, TikTok, Dailymotion, Streamable. Only the address is read, nothing is fetched.
 */
export function videoLink(href: string, parent: string = window.location.hostname): VideoLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return youtube(url) ?? twitch(url, parent) ?? vimeo(url) ?? tiktok(url) ?? dailymotion(url) ?? streamable(url);
}
