import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_LOAD_TIMEOUT_MS, VideoEmbed } from './VideoEmbed';
import { videoLink } from './video-links';

const HREF = 'https://clips.twitch.tv/FunnyClip';
const renderClip = () => render(<VideoEmbed href={HREF} video={videoLink(HREF, 'chat.example')!} />);

describe('VideoEmbed', () => {
  afterEach(() => vi.useRealTimers());

  it('frames the player only after Load Video, naming this site to Twitch, and gives it focus', () => {
    const { container } = renderClip();
    expect(screen.getByRole('region', { name: 'Twitch clip' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    const frame = container.querySelector('iframe')!;
    expect(frame.src).toBe('https://clips.twitch.tv/embed?clip=FunnyClip&parent=chat.example&autoplay=false');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(document.activeElement).toBe(frame);
  });

  it('fails when the player has not loaded in time, and not once it has', () => {
    vi.useFakeTimers();
    const first = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load Twitch video');
    expect(screen.getByRole('link', { name: 'Open in new tab' }).getAttribute('href')).toBe(HREF);
    first.unmount();

    const { container } = renderClip();
    fireEvent.click(screen.getByRole('button', { name: 'Load Video' }));
    fireEvent.load(container.querySelector('iframe')!);
    act(() => vi.advanceTimersByTime(VIDEO_LOAD_TIMEOUT_MS * 2));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
