import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_FINGERPRINT_PATTERN, DEVICE_TEXT, IdParams, RevokeOthersBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { badRequest, parse } from '../http/errors.js';
import { authenticate } from './authenticate.js';
import { listDevices, revokeOtherDevices, revokeOwnDevice } from './devices.js';

/** The X-Device-Fingerprint a client sent, if well-formed; anything else is ignored rather than refused. */
export function fingerprintOf(request: FastifyRequest): string | null {
  const value = request.headers['x-device-fingerprint'];
  return typeof value === 'string' && DEVICE_FINGERPRINT_PATTERN.test(value) ? value : null;
}

/** The devices list of spec 3 (§2 Devices, §7): list, revoke one, revoke all the others. */
export function deviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/auth/devices', async (request) => {
    const user = await authenticate(ctx, request);
    return { devices: await listDevices(ctx, user) };
  });

  app.delete('/auth/devices/:id', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    await revokeOwnDevice(ctx, user, id);
    return reply.code(204).send();
  });

  app.post('/auth/devices/revoke-others', async (request) => {
    const user = await authenticate(ctx, request);
    // Missing is the spec's text, not the generic 'refresh_token is required'.
    const sent = (request.body as { refresh_token?: unknown } | null | undefined)?.refresh_token;
    if (sent === undefined) throw badRequest(DEVICE_TEXT.noRefreshToken);
    const body = parse(RevokeOthersBody, request.body);
    return { revoked_count: await revokeOtherDevices(ctx, user, body.refresh_token) };
  });
}
