import { expect, test } from '../support/fixtures.js';
import { message, openChannel } from '../support/chat.js';

test('a blurred profile stays hidden to a stranger and opens to a friend', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('blur');
  const owner = await newUser('owner');
  const friend = await newUser('friend');
  const stranger = await newUser('stranger');
  await api.befriend(owner, friend);
  await api.request('PUT', '/user/update-bio', owner, { bio: 'I grow tomatoes on my balcony.' });
  await api.request('PUT', '/privacy/settings', owner, { profile_blur_enabled: true });
  await api.request('POST', '/message', owner, { channel_id: channel.id, content: 'Hello from behind the blur' });

  const strangerPage = await signedInPage(stranger);
  await openChannel(strangerPage, group.name, channel.name);
  await message(strangerPage, 'Hello from behind the blur')
    .getByRole('button', { name: owner.username, exact: true })
    .click();
  const hidden = strangerPage.getByRole('dialog', { name: owner.username });
  await expect(hidden.getByText('Profile hidden until friendship')).toBeVisible();
  await expect(hidden.getByRole('img', { name: 'Hidden' })).toBeVisible();
  await expect(hidden.getByText('I grow tomatoes')).toHaveCount(0);
  await expect(hidden.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await strangerPage.keyboard.press('Escape');
  await expect(hidden).toBeHidden();

  const friendPage = await signedInPage(friend);
  await openChannel(friendPage, group.name, channel.name);
  await message(friendPage, 'Hello from behind the blur')
    .getByRole('button', { name: owner.username, exact: true })
    .click();
  const open = friendPage.getByRole('dialog', { name: owner.username });
  await expect(open.getByText('I grow tomatoes on my balcony.')).toBeVisible();
  await expect(open.getByText('Profile hidden until friendship')).toHaveCount(0);
  await open.getByRole('button', { name: 'Send Message' }).click();
  await expect(friendPage).toHaveURL(new RegExp(`/dm/${owner.user.id}$`));
  await expect(friendPage.getByPlaceholder(`Message @${owner.username}`)).toBeVisible();
});

test('the member panel lists people and opens their profile, then the full profile page', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('members');
  const member = await newUser('member');
  // Digits sort before letters: the member is near the top of a long list.
  const nickname = `00 ${member.username}`;
  await api.request('PUT', '/user/update-nickname', member, { nickname });
  await api.request('PUT', '/user/update-pronouns', member, {
    pronouns: 'she/her',
    pronouns_bg_color: 'linear-gradient(90deg, #ff0000, #0000ff)',
    pronouns_text_color: '#ffffff',
  });
  const viewer = await newUser('viewer');
  const page = await signedInPage(viewer);
  await openChannel(page, group.name, channel.name);
  await page.getByRole('button', { name: 'Toggle member list' }).click();
  const panel = page.getByRole('complementary', { name: 'Members' });
  await expect(panel.getByRole('heading', { name: /^Members — \d+$/ })).toBeVisible();
  const row = panel.getByRole('button', { name: new RegExp(nickname) });
  await expect(row).toContainText(`@${member.username}`);
  await expect(row).toContainText('she/her');
  await row.click();

  const popup = page.getByRole('dialog', { name: nickname });
  await expect(popup.getByText(`@${member.username}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('member-popup.png') });
  await popup.getByRole('button', { name: 'View Full Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
  await expect(page.getByText('she/her')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-page.png') });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});
