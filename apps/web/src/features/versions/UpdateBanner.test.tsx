import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestServices, renderChat } from '../messages/test-harness';
import { RUNNING_VERSION } from './app-version';
import { UpdateBanner } from './UpdateBanner';

describe('UpdateBanner', () => {
  it('asks for the version again when a new live session starts, so a version pushed before it is not missed', async () => {
    let serverVersion = RUNNING_VERSION;
    const { services, requests, socket } = createTestServices({
      liveOpen: false,
      routes: ({ method, path }) =>
        method === 'GET' && path === '/api/version'
          ? { status: 200, body: { app_version: serverVersion, server_version: '1.0.0', api_version: 'v2' } }
          : undefined,
    });
    renderChat(<UpdateBanner />, services);
    const versionFetches = () => requests.filter((r) => r.path === '/api/version').length;
    await waitFor(() => expect(versionFetches()).toBe(1));
    // An admin pushes a new version while this page's live connection is not up yet.
    serverVersion = '99.0.0';
    expect(screen.queryByRole('status', { name: 'Update available' })).toBeNull();

    socket().open();
    socket().receive({ type: 'ready', seq: 1, data: { session_id: 'S1' } });
    expect((await screen.findByRole('status', { name: 'Update available' })).textContent).toContain('v99.0.0');
    expect(versionFetches()).toBe(2);
  });
});
