import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_LOAD_TIMEOUT_MS, VideoEmbed } from './VideoEmbed';
import { videoLink } from './video-links';

const HREF = 'https://clips.twitch.tv/FunnyClip';
const PLAYER = 'https://clips.twitch.tv/embed?clip=FunnyClip&parent=chat.example&autoplay=false';
const renderClip = () => render(<VideoEmbed href={HREF} video={videoLink(HREF, 'chat.example')!} />);

/**
 * The network, as the component's probe of the player's host meets it: jsdom has no network to the
 * platforms, so each test decides whether the host answers (resolve), cannot be reached (reject) or
 * says nothing yet (pending).
 */
function network() {
  let answer!: () => void;
  let fail!: () => void;
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        answer = () => resolve(new Response(null, { status: 200 }));
        fail = () => reject(new TypeError('Failed to fetch'));
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: () => act(async () => answer()),
    fail: () => act(async () => fail()),
  };
}

const failure = () => screen.queryByRole('alert');

describe('VideoEmbed', () => {
  let net: ReturnType<typeof network>;
  beforeEach(() => {
    net = network();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('frames the player only after Load Video, naming this site to Twitch, and gives it focus', () => {
    const { container } = renderClip();
    expect(screen.getByRole('region', { name: 'Twitch clip' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(net.fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    const frame = container.querySelector('iframe')!;
    expect(frame.src).toBe(PLAYER);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(document.activeElement).toBe(frame);
  });

  it("asks the player's host without cookies or referrer, and keeps the player once it answers", async () => {
    vi.useFakeTimers();
    const { container } = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    expect(net.fetch).toHaveBeenCalledTimes(1);
    expect(net.fetch.mock.calls[0]![0]).toBe(PLAYER);
    expect(net.fetch.mock.calls[0]![1]).toMatchObject({
      mode: 'no-cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    await net.answer();
    act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS * 2));
    expect(failure()).toBeNull();
    expect(container.querySelector('iframe')!.src).toBe(PLAYER);
  });

  it('replaces the player with the failure and a link to the video when the host cannot be reached', async () => {
    const { container } = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    // The frame's load event says nothing: a browser fires it for its own error page too.
    fireEvent.load(container.querySelector('iframe')!);
    await net.fail();
    expect(failure()?.textContent).toBe('Failed to load Twitch video');
    expect(container.querySelector('iframe')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open in new tab' });
    expect(link.getAttribute('href')).toBe(HREF);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('fails when the host has not answered in time, even if the frame fired load', () => {
    vi.useFakeTimers();
    const { container } = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    fireEvent.load(container.querySelector('iframe')!);
    act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS));
    expect(failure()?.textContent).toBe('Failed to load Twitch video');
  });

  it('stops asking when the message goes away, and says nothing of it', async () => {
    const errors = vi.spyOn(console, 'error');
    const { unmount } = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    const signal = net.fetch.mock.calls[0]![1].signal!;
    unmount();
    expect(signal.aborted).toBe(true);
    await act(async () => {});
    expect(errors).not.toHaveBeenCalled();
  });
});
