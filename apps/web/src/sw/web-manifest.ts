/**
 * The web app manifest (served as /manifest.webmanifest, linked from index.html by the build): what
 * installing Hearth as an app shows. Written out by vite.config.ts; no imports, so the build's
 * config can load it as it is.
 */

/** The default theme's (Dark's) window background, `--bg-app`: the title bar and the splash screen. */
export const APP_BACKGROUND = '#1e1f22';

export const WEB_MANIFEST = {
  name: 'Hearth',
  short_name: 'Hearth',
  description: 'Chat with your groups and friends.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: APP_BACKGROUND,
  background_color: APP_BACKGROUND,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    // Full-bleed, the logo inside the centre circle that every platform's mask keeps.
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;
