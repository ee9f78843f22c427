/**
 * How the end-to-end tests and the web benchmark start Chromium: the system's build (never a
 * downloaded one), without a sandbox (it runs as root in CI) and without the background traffic
 * that a machine without internet access would refuse.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
