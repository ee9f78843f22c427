import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserUpdateEvent, VoiceParticipant } from '@hearth/protocol';
import { FakeSocket } from '../../test/fake-socket';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { fakeServer, ok } from '../groups/test-utils';
import { VoiceParticipantList } from './VoiceParticipantList';
import { useVoiceLiveUpdates } from './voice-queries';

const participant = (user_id: number, username: string, profile_image_url: string | null): VoiceParticipant => ({
  user_id,
  username,
  nickname: null,
  profile_image_url,
  channel_id: 5,
  session_id: `session-${user_id}`,
  peer_id: `peer-${user_id}`,
  connection_state: 'connected',
  joined_at: '2026-01-01T00:00:00.000Z',
  is_muted: false,
  is_deafened: false,
  is_speaking: false,
});

const updateOf = (id: number, username: string, fields: Partial<UserUpdateEvent>): UserUpdateEvent => ({
  user_id: id,
  username,
  role: 'USER',
  nickname: null,
  pronouns: null,
  pronouns_bg_color: null,
  pronouns_text_color: null,
  profile_image_url: null,
  profile_blur_enabled: false,
  ...fields,
});

function LiveList() {
  useVoiceLiveUpdates();
  return <VoiceParticipantList channelId={5} channelName="Lounge" />;
}

/** The list of channel 5 as the sidebar shows it, with the shell's live updates and a live connection. */
async function renderList(participants: VoiceParticipant[]) {
  fakeServer({ 'GET /voice/channels/5/participants': ok({ channel_id: 5, participants }) });
  const socket = new FakeSocket();
  const services = testServices({ user: user({ id: 1, username: 'me' }), createSocket: () => socket });
  renderWithServices(<LiveList />, services);
  services.live.start();
  act(() => socket.openReady());
  const list = await screen.findByRole('list', { name: 'In Lounge' });
  return { socket, list };
}

const pictureOf = (list: HTMLElement, name: string) =>
  within(list).getByTitle(name).closest('li')?.querySelector('img') ?? null;

describe('VoiceParticipantList', () => {
  it('shows an uploaded picture, and the initials for someone without one', async () => {
    const { list } = await renderList([
      participant(2, 'annabell', '/api/profile-images/ann.webp'),
      participant(3, 'benjamin', null),
    ]);
    expect(pictureOf(list, 'annabell')?.getAttribute('src')).toBe('/api/profile-images/ann.webp');
    expect(pictureOf(list, 'annabell')?.getAttribute('alt')).toBe('annabell');
    expect(pictureOf(list, 'benjamin')).toBeNull();
    expect(within(list).getByTitle('benjamin').closest('li')?.textContent).toContain('BE');
  });

  it('takes a participant’s new picture and name from user_update, leaving a blurred picture out', async () => {
    const { socket, list } = await renderList([participant(2, 'annabell', null), participant(3, 'benjamin', null)]);
    act(() =>
      socket.event('user_update', updateOf(2, 'annabell', { profile_image_url: '/api/profile-images/new.webp' })),
    );
    await waitFor(() => expect(pictureOf(list, 'annabell')?.getAttribute('src')).toBe('/api/profile-images/new.webp'));
    expect(pictureOf(list, 'benjamin')).toBeNull();

    act(() => socket.event('user_update', updateOf(3, 'benjamin', { nickname: 'Benji' })));
    await waitFor(() => expect(within(list).getByTitle('Benji')).toBeTruthy());

    act(() =>
      socket.event(
        'user_update',
        updateOf(2, 'annabell', { profile_image_url: '/api/profile-images/new.webp', profile_blur_enabled: true }),
      ),
    );
    await waitFor(() => expect(pictureOf(list, 'annabell')).toBeNull());
  });
});
