/**
 * Internal links that open the settings screen (spec 1 §2, spec 3 §2): this site's
 * /settings/account, /settings/privacy and /settings/devices, each optionally followed by
 * /password or /email, the section to scroll to. Account holds the password and email; Privacy &
 * Safety the login alerts; Devices the signed-in devices: the tabs a security notice sends people to.
 */
export const SETTINGS_LINK_TABS = ['account', 'privacy', 'devices'] as const;
export type SettingsLinkTab = (typeof SETTINGS_LINK_TABS)[number];
export type SettingsSection = 'password' | 'email';

/** What the settings screen is opened with, in the history entry's state. */
export interface SettingsTarget {
  tab: SettingsLinkTab;
  section: SettingsSection | null;
}

export const SETTINGS_PATH = '/settings';

const SETTINGS_LINK = new RegExp(`^${SETTINGS_PATH}/(${SETTINGS_LINK_TABS.join('|')})(?:/(password|email))?/?$`);

/** The settings tab and section a path of this site opens, or null when it is no settings link. */
export function settingsTarget(pathname: string): SettingsTarget | null {
  const match = SETTINGS_LINK.exec(pathname);
  if (!match) return null;
  return { tab: match[1] as SettingsLinkTab, section: (match[2] as SettingsSection | undefined) ?? null };
}
