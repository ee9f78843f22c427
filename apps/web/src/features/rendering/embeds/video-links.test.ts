import { VIDEO_EMBED_ORIGINS } from '@hearth/protocol/constants';
import { describe, expect, it } from 'vitest';
import { videoLink } from './video-links';

const PARENT = 'chat.example';
const embed = (href: string) => videoLink(href, PARENT);

describe('videoLink', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'YouTube video',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      'YouTube video',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'YouTube video',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ?t=42',
      'YouTube video',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
    ],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'YouTube video', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube.com/shorts/aqz-KE-bpKQ',
      'YouTube Shorts',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ],
    [
      'https://www.twitch.tv/videos/1234567890',
      'Twitch video',
      'https://player.twitch.tv/?video=1234567890&parent=chat.example&autoplay=false',
    ],
    [
      'https://clips.twitch.tv/FunnyClipSlug-abc_123',
      'Twitch clip',
      'https://clips.twitch.tv/embed?clip=FunnyClipSlug-abc_123&parent=chat.example&autoplay=false',
    ],
    [
      'https://www.twitch.tv/somechannel/clip/FunnyClipSlug',
      'Twitch clip',
      'https://clips.twitch.tv/embed?clip=FunnyClipSlug&parent=chat.example&autoplay=false',
    ],
    [
      'https://twitch.tv/SomeChannel',
      'Twitch stream',
      'https://player.twitch.tv/?channel=somechannel&parent=chat.example&autoplay=false',
    ],
    ['https://vimeo.com/76979871', 'Vimeo video', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://vimeo.com/76979871/abcdef1234',
      'Vimeo video',
      'https://player.vimeo.com/video/76979871?dnt=1&h=abcdef1234',
    ],
    ['https://vimeo.com/channels/staffpicks/76979871', 'Vimeo video', 'https://player.vimeo.com/video/76979871?dnt=1'],
    [
      'https://player.vimeo.com/video/76979871?h=abcdef1234',
      'Vimeo video',
      'https://player.vimeo.com/video/76979871?dnt=1&h=abcdef1234',
    ],
    [
      'https://www.tiktok.com/@scout2015/video/6718335390845095173',
      'TikTok video',
      'https://www.tiktok.com/player/v1/6718335390845095173',
    ],
    [
      'https://www.dailymotion.com/video/x8abcd1',
      'Dailymotion video',
      'https://geo.dailymotion.com/player.html?video=x8abcd1',
    ],
    [
      'https://www.dailymotion.com/video/x2bqpc4_some-title_news',
      'Dailymotion video',
      'https://geo.dailymotion.com/player.html?video=x2bqpc4',
    ],
    ['https://dai.ly/x8abcd1', 'Dailymotion video', 'https://geo.dailymotion.com/player.html?video=x8abcd1'],
    ['https://streamable.com/moo', 'Streamable video', 'https://streamable.com/e/moo'],
    ['https://streamable.com/e/abc123', 'Streamable video', 'https://streamable.com/e/abc123'],
  ])('%s is a %s', (href, kind, embedUrl) => {
    expect(embed(href)).toMatchObject({ kind, embedUrl });
  });

  it('names the platform the failure text uses, and marks portrait players', () => {
    expect(embed('https://www.youtube.com/shorts/aqz-KE-bpKQ')).toMatchObject({ platform: 'YouTube', portrait: true });
    expect(embed('https://www.tiktok.com/@a/video/6718335390845095173')).toMatchObject({
      platform: 'TikTok',
      portrait: true,
    });
    expect(embed('https://clips.twitch.tv/Slug')).toMatchObject({ platform: 'Twitch', portrait: false });
  });

  it.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/@channel',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.twitch.tv/directory',
    'https://www.twitch.tv/somechannel/videos',
    'https://vimeo.com/about',
    'https://vm.tiktok.com/ZMabc123/',
    'https://www.tiktok.com/@scout2015',
    'https://www.dailymotion.com/somebody',
    'https://streamable.com/',
    'ftp://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'not a url',
  ])('%s is no video link', (href) => {
    expect(embed(href)).toBeNull();
  });

  it('only ever frames the hosts the Content-Security-Policy allows', () => {
    const samples = [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://twitch.tv/videos/1',
      'https://clips.twitch.tv/Slug',
      'https://twitch.tv/name',
      'https://vimeo.com/1',
      'https://www.tiktok.com/@a/video/12345678901',
      'https://dai.ly/x8abcd1',
      'https://streamable.com/abc',
    ];
    const origins = samples.map((href) => new URL(embed(href)!.embedUrl).origin);
    expect(new Set(origins)).toEqual(new Set(VIDEO_EMBED_ORIGINS));
  });
});
