import { ensureChromium, ensureCoturn, ensureNginx } from '@hearth/server/testing';

/**
 * Runs before any worker starts: finds Chromium, or installs it, and sets CHROMIUM_PATH, which
 * the workers inherit and read when they load the configuration. Installs coturn too when it is
 * missing: each worker's server then starts a TURN relay of its own, which voice goes through. And
 * nginx, which the deployment scenario puts in front of a server as deploy/nginx/ does.
 */
export default function globalSetup(): void {
  ensureChromium();
  ensureCoturn();
  ensureNginx();
}
