import { describe, expect, it } from 'vitest';
import { GIPHY_MEDIA_ORIGINS } from '@hearth/protocol/constants';
import { gifLink } from './gif-links';
import { gifDisplaySize } from './gif-size';

const ORIGIN = 'https://chat.example';

describe('gifLink', () => {
  it('calls an https .gif on a GIPHY media host a service GIF, shown inline', () => {
    expect(gifLink('https://media.giphy.com/media/AbC/giphy.GIF', ORIGIN)).toEqual({ kind: 'service', shown: true });
    for (const host of GIPHY_MEDIA_ORIGINS)
      expect(gifLink(`${host}/media/x/200.gif`, ORIGIN)).toEqual({ kind: 'service', shown: true });
  });

  it('calls a GIF uploaded to this server user-generated, shown, with its file address for the NSFW lookup', () => {
    expect(gifLink(`${ORIGIN}/api/gif-files/0a1b2c.gif`, ORIGIN)).toEqual({
      kind: 'user',
      shown: true,
      uploadedFile: '/api/gif-files/0a1b2c.gif',
    });
    // The same path on another host is that host's file, not one of ours.
    expect(gifLink('https://other.example/api/gif-files/0a1b2c.gif', ORIGIN)).toEqual({ kind: 'user', shown: false });
  });

  it('calls any other http(s) .gif user-generated, shown inline only from this site', () => {
    expect(gifLink(`${ORIGIN}/files/cat.gif`, ORIGIN)).toEqual({ kind: 'user', shown: true });
    expect(gifLink('https://gifs.example/cat.gif?size=2', ORIGIN)).toEqual({ kind: 'user', shown: false });
    // Tenor is no longer the GIF service; GIPHY over plain HTTP is not it either (the policy allows https only).
    expect(gifLink('https://media.tenor.com/a/b.gif', ORIGIN)).toEqual({ kind: 'user', shown: false });
    expect(gifLink('http://media.giphy.com/a/b.gif', ORIGIN)).toEqual({ kind: 'user', shown: false });
    expect(gifLink('https://giphy.com.evil.example/a/b.gif', ORIGIN)).toEqual({ kind: 'user', shown: false });
  });

  it('ignores addresses that are no .gif', () => {
    expect(gifLink('https://media.giphy.com/a/b.mp4', ORIGIN)).toBeNull();
    expect(gifLink('https://example.com/x?file=a.gif', ORIGIN)).toBeNull();
    expect(gifLink('ftp://example.com/a.gif', ORIGIN)).toBeNull();
  });
});

describe('gifDisplaySize', () => {
  it('fits within 400 x 300 in proportion, never enlarging, and is 300 x 200 when unknown', () => {
    expect(gifDisplaySize(800, 400)).toEqual({ width: 400, height: 200 });
    expect(gifDisplaySize(400, 900)).toEqual({ width: 133, height: 300 });
    expect(gifDisplaySize(120, 90)).toEqual({ width: 120, height: 90 });
    expect(gifDisplaySize(0, 0)).toEqual({ width: 300, height: 200 });
  });
});
