import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import type { AdminStorageRow, AdminUser } from '@hearth/protocol';
import { admin } from '../../test/factories';
import { stubFetch, type Answer } from '../../test/fake-fetch';
import { renderWithServices, testServices } from '../../test/render';

/** Renders an admin tab for a signed-in admin, the server answering with `answer` (see stubFetch). */
export function renderAdminTab(ui: ReactNode, answer: Answer) {
  const requests = stubFetch(answer);
  renderWithServices(ui, testServices({ user: admin() }));
  return requests;
}

export const adminUser = (id: number, username: string, role = 'USER', is_suspended = false): AdminUser => ({
  id,
  username,
  role,
  is_suspended,
});

export const storageRow = (
  user_id: number,
  username: string,
  storage_used: number,
  storage_percentage: number,
): AdminStorageRow => ({
  user_id,
  username,
  role: 'USER',
  storage_used,
  storage_limit: 1024 ** 3,
  storage_used_formatted: `${storage_used} B`,
  storage_limit_formatted: '1 GB',
  storage_available_formatted: '1 GB',
  storage_percentage,
});

/** A counter's value by its label (StatCards: a term and its value). */
export const counter = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;

/** The narrow (phone) layout: every `max-width` media query matches until the returned undo is called. */
export function narrowWindow(): () => void {
  const wide = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width') });
  return () => (window.matchMedia = wide);
}
