import { describe, expect, it } from 'vitest';
import { gifLink } from './gif-links';
import { gifDisplaySize } from './gif-size';

const ORIGIN = 'https://chat.example';

describe('gifLink', () => {
  it('calls an https .gif on the GIF service a service GIF, shown inline', () => {
    expect(gifLink('https://media.tenor.com/AbC/dance.GIF', ORIGIN)).toEqual({ kind: 'service', shown: true });
  });

  it('calls any other http(s) .gif user-generated, shown inline only from this site', () => {
    expect(gifLink(`${ORIGIN}/files/cat.gif`, ORIGIN)).toEqual({ kind: 'user', shown: true });
    expect(gifLink('https://gifs.example/cat.gif?size=2', ORIGIN)).toEqual({ kind: 'user', shown: false });
    // The service over plain HTTP is not the service (and the policy only allows it over https).
    expect(gifLink('http://media.tenor.com/a/b.gif', ORIGIN)).toEqual({ kind: 'user', shown: false });
  });

  it('ignores addresses that are no .gif', () => {
    expect(gifLink('https://media.tenor.com/a/b.mp4', ORIGIN)).toBeNull();
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
