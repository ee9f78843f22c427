import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateModal } from './CreateModal';
import { DRAFT_KEY } from './draft';
import { apiVersion } from '../../../app/api-version';
import { admin, category, channel, group } from '../../../test/factories';
import { setApiVersion } from '../../../test/api-version';
import { fakeServer, ok, renderSignedIn } from '../test-utils';

const routes = {
  'GET /group': ok([group(1, 'Hearth'), group(2, 'Other')]),
  'GET /channel/': ok([]),
  'GET /category?group_id=1': ok([category(5, 'Info', 1)]),
};

afterEach(() => {
  vi.useRealTimers();
});

const dialog = () => screen.getByRole('dialog');
const savedDraft = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;

describe('CreateModal', () => {
  it('starts on the type step; Back returns to it from a form', async () => {
    fakeServer(routes);
    renderSignedIn(<CreateModal request={{}} onClose={() => undefined} />, admin());
    await screen.findByRole('dialog');
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Category' }));
    expect(screen.getByRole('dialog', { name: 'Create Category' })).toBeTruthy();
    expect(within(dialog()).getByRole('combobox', { name: 'Group' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeTruthy();
    expect(['Channel', 'Group', 'Category'].every((n) => screen.getByRole('button', { name: n }))).toBe(true);
    // Named by the visible label only (label in name); the line below it is the description.
    expect(
      screen.getByRole('button', { name: 'Channel', description: 'A text or voice channel in a group' }),
    ).toBeTruthy();
  });

  it('needs a name and, for a channel, a group', async () => {
    fakeServer(routes);
    renderSignedIn(<CreateModal request={{ kind: 'channel' }} onClose={() => undefined} />, admin());
    await screen.findByRole('dialog');
    const submit = within(dialog()).getByRole('button', { name: 'Create' });
    const name = within(dialog()).getByRole('textbox', { name: 'Name' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(name, '   ');
    await userEvent.tab();
    expect(within(dialog()).getByText('Name is required')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(name, 'plans');
    expect(within(dialog()).queryByText('Name is required')).toBeNull();
    await userEvent.click(submit);
    expect(within(dialog()).getByText('Please select a group')).toBeTruthy();
  });

  it('saves the draft after a 500 ms pause and restores it when opened again', async () => {
    fakeServer(routes);
    const first = renderSignedIn(<CreateModal request={{ kind: 'channel' }} onClose={() => undefined} />, admin());
    await screen.findByRole('dialog');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Name' }), { target: { value: 'plans' } });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'what next' },
    });

    act(() => vi.advanceTimersByTime(499));
    expect(savedDraft()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(savedDraft()).toMatchObject({ name: 'plans', description: 'what next' });

    // As after a reload: the page goes away without the modal being closed.
    first.unmount();
    // The dialog's code is here by now, so it shows at once (findBy* would wait on the faked timers).
    renderSignedIn(<CreateModal request={{ kind: 'channel' }} onClose={() => undefined} />, admin());
    expect((within(dialog()).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('plans');
    expect((within(dialog()).getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe(
      'what next',
    );
  });

  it('clears the draft on close', async () => {
    fakeServer(routes);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'old' }));
    const onClose = vi.fn();
    renderSignedIn(<CreateModal request={{ kind: 'group' }} onClose={onClose} />, admin());
    await screen.findByRole('dialog');
    expect((within(dialog()).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('old');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(savedDraft()).toBeNull();
  });

  it('creates a voice channel with its settings and announces it', async () => {
    const calls = fakeServer({
      ...routes,
      'POST /channel': (body) => ({ status: 201, body: channel(30, 'Lounge', 1, body as object) }),
    });
    const onClose = vi.fn();
    renderSignedIn(<CreateModal request={{ kind: 'channel', groupId: 1 }} onClose={onClose} />, admin());
    await screen.findByRole('dialog');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), ' Lounge ');
    await userEvent.selectOptions(
      await within(dialog()).findByRole('combobox', { name: 'Category' }),
      await screen.findByRole('option', { name: 'Info' }),
    );
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Voice' }));
    expect((within(dialog()).getByRole('spinbutton', { name: 'Max Participants' }) as HTMLInputElement).value).toBe(
      '10',
    );
    expect((within(dialog()).getByRole('combobox', { name: 'Bitrate' }) as HTMLSelectElement).value).toBe('64000');
    await userEvent.selectOptions(within(dialog()).getByRole('combobox', { name: 'Bitrate' }), '96 kbps');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Lounge',
      description: null,
      channel_type: 'voice',
      group_id: 1,
      category_id: 5,
      max_participants: 10,
      bitrate: 96000,
    });
    expect(screen.getByText('Channel created successfully')).toBeTruthy();
  });

  it('offers no channel type on API v1, which has no voice: the channel is text', async () => {
    setApiVersion('v1');
    const calls = fakeServer({
      ...routes,
      'POST /channel': (body) => ({ status: 201, body: channel(31, 'plans', 1, body as object) }),
    });
    const onClose = vi.fn();
    renderSignedIn(<CreateModal request={{}} onClose={onClose} />, admin());
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Channel', description: 'A text channel in a group' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Channel' }));
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'plans');
    await userEvent.selectOptions(within(dialog()).getByRole('combobox', { name: 'Group' }), 'Hearth');
    expect(within(dialog()).queryByRole('group', { name: 'Channel Type' })).toBeNull();
    expect(within(dialog()).queryByRole('radio')).toBeNull();
    expect(within(dialog()).queryByRole('spinbutton', { name: 'Max Participants' })).toBeNull();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'plans',
      description: null,
      channel_type: 'text',
      group_id: 1,
      category_id: null,
    });
  });

  it('creates a text channel when the version turns to v1 after Voice was chosen', async () => {
    setApiVersion('v2');
    const calls = fakeServer({
      ...routes,
      'POST /channel': (body) => ({ status: 201, body: channel(32, 'lounge', 1, body as object) }),
    });
    const onClose = vi.fn();
    renderSignedIn(<CreateModal request={{ kind: 'channel', groupId: 1 }} onClose={onClose} />, admin());
    await screen.findByRole('dialog');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'lounge');
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Voice' }));
    act(() => apiVersion.choose('v1'));
    expect(within(dialog()).queryByRole('radio', { name: 'Voice' })).toBeNull();
    expect(within(dialog()).queryByRole('combobox', { name: 'Bitrate' })).toBeNull();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ channel_type: 'text' });
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('bitrate');
  });

  it("shows the server's reason when creating fails, and stays open", async () => {
    fakeServer({
      ...routes,
      'POST /group': () => ({ status: 429, body: { detail: 'Too many requests. Please try again later.' } }),
    });
    const onClose = vi.fn();
    renderSignedIn(<CreateModal request={{ kind: 'group' }} onClose={onClose} />, admin());
    await screen.findByRole('dialog');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Name' }), 'Book club');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Please try again later.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
