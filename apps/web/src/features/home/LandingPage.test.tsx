import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServices } from '../../test/render';
import { createTestServices } from '../messages/test-harness';
import { LandingPage, type LandingTab } from './LandingPage';

let stopLive: (() => void) | null = null;
afterEach(() => stopLive?.());

function Landing() {
  const [tab, setTab] = useState<LandingTab>('friends');
  return (
    <LandingPage
      username="alice"
      tab={tab}
      onTabChange={setTab}
      directMessages={<p>The conversations</p>}
      onMessage={() => undefined}
    />
  );
}

describe('LandingPage', () => {
  it('greets the user and switches between Friends and Direct Messages', async () => {
    const { services } = createTestServices({
      routes: ({ method }) => (method === 'GET' ? { status: 200, body: [] } : undefined),
    });
    stopLive = () => services.live.stop();
    renderWithServices(<Landing />, services);

    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, alice' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Friends' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No friends yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Direct Messages' }));
    expect(screen.getByText('The conversations')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Add Friend' })).toBeNull();
  });
});
