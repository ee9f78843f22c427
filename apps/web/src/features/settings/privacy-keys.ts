/** The privacy settings' query (Privacy & Safety), which My Account refreshes when the email changes. */
export const PRIVACY_SETTINGS_KEY = ['privacy', 'settings'] as const;
