import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { FakeSocket } from '../../test/fake-socket';
import { NavigationProvider } from '../../app/navigation';
import { dmPath } from '../../app/routes';
import { admin, user } from '../../test/factories';
import { stubFetch } from '../../test/fake-fetch';
import { renderWithServices, testServices } from '../../test/render';
import { makeMessage } from '../messages/test-messages';
import { ANNOUNCEMENT_ECHO_MS, AnnouncementEcho } from './announcement-echo';
import { NotificationCenter } from './NotificationCenter';

function renderCenter(me = user(), location = memoryLocation({ path: '/', record: true })) {
  stubFetch(() => ({ status: 200, body: { channel_preferences: [], group_preferences: [] } }));
  const socket = new FakeSocket();
  const services = testServices({ user: me, createSocket: () => socket });
  renderWithServices(
    <Router hook={location.hook}>
      <NavigationProvider>
        <NotificationCenter />
      </NavigationProvider>
    </Router>,
    services,
  );
  services.live.start();
  act(() => socket.openReady());
  return socket;
}

const ANNOUNCEMENT = {
  title: 'Maintenance tonight',
  content: 'The server restarts at 22:00.',
  admin_username: 'root',
  channel_id: null,
  group_id: null,
  guardian_id: 2,
};
const guardianDm = () =>
  makeMessage(50, {
    channel_id: -3,
    group_id: null,
    user_id: 2,
    username: 'Guardian',
    role: 'SYSTEM',
    content: `**${ANNOUNCEMENT.title}**\n\n${ANNOUNCEMENT.content}`,
  });
const popups = () => within(screen.getByRole('region', { name: 'Notification popups' })).getAllByRole('status');

describe('Announcements from the admin panel', () => {
  it('pop up with their title and content, once, however the Guardian message that carries them arrives', () => {
    const socket = renderCenter();
    act(() => socket.event('admin_announcement', ANNOUNCEMENT));
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('Maintenance tonight');
    expect(popups()[0]?.textContent).toContain('The server restarts at 22:00.');
    act(() => socket.event('direct_message', guardianDm()));
    expect(popups()).toHaveLength(1);
  });

  it('open the Guardian conversation that carries them when clicked', () => {
    const location = memoryLocation({ path: '/', record: true });
    const socket = renderCenter(user(), location);
    act(() => socket.event('admin_announcement', ANNOUNCEMENT));
    act(() =>
      within(popups()[0]!)
        .getByRole('button', { name: /Maintenance tonight/ })
        .click(),
    );
    expect(location.history?.at(-1)).toBe(dmPath(ANNOUNCEMENT.guardian_id));
    expect(screen.queryByRole('region', { name: 'Notification popups' })).toBeNull();
  });

  it("replace the Guardian message's popup when that came first", () => {
    const socket = renderCenter();
    act(() => socket.event('direct_message', guardianDm()));
    expect(popups()[0]?.textContent).toContain('Guardian');
    act(() => socket.event('admin_announcement', ANNOUNCEMENT));
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('Maintenance tonight');
  });

  it('do not pop up for the admin who sent them', () => {
    const socket = renderCenter(admin());
    act(() => socket.event('admin_announcement', ANNOUNCEMENT));
    act(() => socket.event('direct_message', guardianDm()));
    expect(screen.queryByRole('region', { name: 'Notification popups' })).toBeNull();
  });

  it('from /guardian announce pop up once under their admin’s name and open their channel', () => {
    const location = memoryLocation({ path: '/', record: true });
    const socket = renderCenter(user(), location);
    act(() =>
      socket.event('admin_announcement', {
        content: 'Vote in #polls',
        admin_username: 'root',
        channel_id: 7,
        group_id: 3,
      }),
    );
    expect(popups()).toHaveLength(1);
    expect(popups()[0]?.textContent).toContain('Announcement from root');
    act(() =>
      within(popups()[0]!)
        .getByRole('button', { name: /Announcement from root/ })
        .click(),
    );
    expect(location.history?.at(-1)).toBe('/channels/3/7');
  });

  it('show their formatting, never the raw markers', () => {
    const socket = renderCenter();
    act(() => socket.event('admin_announcement', { ...ANNOUNCEMENT, content: 'Down at **22:00**, *briefly*' }));
    expect(popups()[0]?.textContent).toContain('Down at 22:00, briefly');
    expect(popups()[0]?.textContent).not.toContain('*');
    expect(popups()[0]?.querySelector('strong')?.textContent).toBe('22:00');
  });

  it('count a Guardian message as the echo only while the announcement is recent', () => {
    const echo = new AnnouncementEcho();
    echo.announced('Hello all', 0);
    expect(echo.isEcho('**Hi**\n\nHello all', ANNOUNCEMENT_ECHO_MS)).toBe(true);
    expect(echo.isEcho('Something else', 1)).toBe(false);
    expect(echo.isEcho('**Hi**\n\nHello all', ANNOUNCEMENT_ECHO_MS + 1)).toBe(false);
  });
});
