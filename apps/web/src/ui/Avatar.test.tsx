import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './Avatar';
import { avatarColour } from './avatar-look';

describe('Avatar', () => {
  it('shows the first two letters upper-cased when there is no picture', () => {
    render(<Avatar name="alice" />);

    expect(screen.getByRole('img', { name: 'alice' }).textContent).toBe('AL');
  });

  it('shows the picture with the name as its text alternative', () => {
    render(<Avatar name="bob" src="/avatars/bob.png" size={48} />);

    const image = screen.getByRole('img', { name: 'bob' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/avatars/bob.png');
  });

  it('falls back to initials when the picture fails to load', () => {
    render(<Avatar name="carol" src="/broken.png" />);

    fireEvent.error(screen.getByRole('img', { name: 'carol' }));

    expect(screen.getByRole('img', { name: 'carol' }).textContent).toBe('CA');
  });

  it('gives the same name the same avatar colour', () => {
    expect(avatarColour('alice')).toBe(avatarColour('alice'));
    expect(avatarColour('alice')).toMatch(/^var\(--avatar-[1-8]\)$/);
  });

  it('names the presence dot', () => {
    render(<Avatar name="dave" status="away" />);

    expect(screen.getByRole('img', { name: 'Away' })).toBeTruthy();
  });
});
