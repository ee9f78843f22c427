import { expect, logIn, test } from '../support/fixtures.js';
import { Api } from '../support/api.js';
import { openChannel } from '../support/chat.js';
import { HearthServer } from '../support/server.js';
import { voiceChannelButton, voicePanel } from '../support/voice.js';

/*
 * A server with no TURN relay (none configured, and none of its own): voice cannot carry audio, and
 * a person who tries it is told so in a plain sentence, not in the administrator's terms (settings,
 * packages), which the server log and the admin's System tab carry instead.
 */

test('joining a voice channel on a server without a relay says plainly that voice is not available', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await HearthServer.start({ env: { LOCAL_COTURN: 'false' } });
  try {
    const api = new Api(server.url);
    const admin = await api.register('relayless_admin'); // a fresh server: the first account, its admin
    const user = await api.register('relayless_user');
    const lounge = await api.newVoiceChannel(admin, 'lounge');
    const context = await browser.newContext({ baseURL: server.url, permissions: ['microphone'] });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await logIn(page, user);
      await openChannel(page, 'Hearth', 'general');
      await voiceChannelButton(page, lounge.name).click();

      const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
      await expect(toast).toContainText('Voice is not available on this server right now');
      await expect(toast).not.toContainText(/TURN|coturn|LOCAL_COTURN/);
      // Not left connecting, nor seated.
      await expect(voicePanel(page)).toHaveCount(0);
      expect(server.output()).toContain('Voice needs a TURN relay: LOCAL_COTURN is false');
    } finally {
      await context.close();
    }
  } finally {
    await server.dispose();
  }
});
