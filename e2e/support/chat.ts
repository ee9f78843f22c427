import { expect, type Locator, type Page } from '@playwright/test';

/** The spec's texts, the way a person sees them. */
export const TEXT = {
  empty: 'No messages yet. Start the conversation!',
  readOnly: 'You cannot post messages in this group',
  adminRemoved: 'Message removed by an admin',
  deleteTitle: 'Delete Message',
  deleteBody: 'Are you sure you want to delete this message? This action cannot be undone.',
};

export const groupRail = (page: Page): Locator => page.getByRole('navigation', { name: 'Groups' });
export const channelSidebar = (page: Page): Locator => page.getByRole('navigation', { name: 'Channels' });
export const bottomBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Mobile navigation' });

/** The composer of a channel, found by the placeholder a person reads. */
export const composer = (page: Page, channelName: string): Locator => page.getByPlaceholder(`Message #${channelName}`);

/** The composer's Send button (its accessible name may say 'Send message'). */
export const sendButton = (page: Page): Locator => page.getByRole('button', { name: /^Send( message)?$/ });

/** The confirm dialog of a message delete. */
export const deleteDialog = (page: Page): Locator => page.getByRole('alertdialog', { name: TEXT.deleteTitle });

/** The live connection chip in the chat header. */
export const connectionChip = (page: Page, state: 'Connected' | 'Disconnected'): Locator =>
  page.getByText(state, { exact: true });

/**
 * One message, found by (part of) its text, case-sensitive; scoped to the message items so the
 * composer or a toast never match. Texts in a scenario are chosen so none contains another.
 */
export const message = (page: Page, text: string): Locator =>
  messageItems(page).filter({ hasText: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** What marks one message item of the message list in the DOM. */
export const MESSAGE_ITEM_SELECTOR = 'article, [role="article"]';

/** Every message item the message list has in the page. */
export const messageItems = (page: Page): Locator => page.locator(MESSAGE_ITEM_SELECTOR);

/** Opens a group from the rail, then a channel from the sidebar, and waits for its composer or read-only note. */
export async function openChannel(page: Page, groupName: string, channelName: string): Promise<void> {
  await groupRail(page).getByRole('button', { name: groupName, exact: true }).click();
  await channelSidebar(page).getByRole('button', { name: channelName, exact: true }).click();
  await expect(page.getByText(`#${channelName}`, { exact: true }).first()).toBeVisible();
}

/** Types a message and presses Enter, as a person does. */
export async function send(page: Page, channelName: string, text: string): Promise<void> {
  const box = composer(page, channelName);
  await box.fill(text);
  // As a person sees it: Send is enabled (the live connection is open) before Enter sends.
  await expect(sendButton(page)).toBeEnabled();
  await box.press('Enter');
  await expect(message(page, text)).toBeVisible();
  await expect(box).toHaveValue('');
  // Confirmed by the server: until then the row is the outbox's, replaced (and its focus lost) when
  // the confirmation arrives.
  await expect(message(page, text).getByText('Sending…')).toHaveCount(0);
}

/** Opens the actions of a message by right-clicking it, and picks one. */
export async function messageAction(page: Page, text: string, action: 'Edit' | 'Delete'): Promise<void> {
  await message(page, text).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
