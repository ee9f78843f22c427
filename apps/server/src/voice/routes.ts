import type { FastifyInstance } from 'fastify';
import {
  CallActionBody,
  CallMuteBody,
  IdParams,
  JoinVoiceBody,
  MuteStateBody,
  StartCallBody,
  VoiceSignalBody,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { joinVoice, leaveVoice, listParticipants, setVoiceMuteState } from './channel-voice.js';
import { callAction, setCallMuteState, startCall } from './dm-calls.js';
import { iceServersFor, relayCredentials, requireVoiceTransport } from './relay-credentials.js';
import { relayVoiceSignal } from './signals.js';

/** Voice channels and DM calls (spec 2 §7): seats, mute state, signalling's fallback, and calls. */
export function voiceRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/voice/turn-credentials', async (request) => {
    const user = await authenticate(ctx, request);
    return relayCredentials(ctx, user.id);
  });

  api.get('/voice/channels/:id/participants', async (request) => {
    const user = await authenticate(ctx, request);
    return listParticipants(ctx, user, parse(IdParams, request.params).id);
  });
  api.post('/voice/channels/:id/join', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    const { peer_id } = parse(JoinVoiceBody, request.body);
    // As a call start: a seat without a relay could carry no audio, and would only sit there.
    requireVoiceTransport(ctx);
    return joinVoice(ctx, user, id, peer_id);
  });
  api.post('/voice/channels/:id/leave', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await leaveVoice(ctx, user, parse(IdParams, request.params).id);
    return reply.code(204).send();
  });
  api.post('/voice/channels/:id/mute-state', async (request) => {
    const user = await authenticate(ctx, request);
    return setVoiceMuteState(ctx, user, parse(IdParams, request.params).id, parse(MuteStateBody, request.body));
  });
  api.post('/voice/signal', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await relayVoiceSignal(ctx, user, parse(VoiceSignalBody, request.body));
    return reply.code(204).send();
  });

  api.post('/voice/dm/call/start', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { recipient_id } = parse(StartCallBody, request.body);
    // Credentials first: without a relay the call could not carry audio, so it does not ring at all.
    const turn = iceServersFor(ctx, user.id);
    const call = await startCall(ctx, user, recipient_id);
    return reply.code(201).send({ ...call, turn_credentials: turn });
  });
  api.post('/voice/dm/call/action', async (request) => {
    const user = await authenticate(ctx, request);
    const { call_id, action } = parse(CallActionBody, request.body);
    return callAction(ctx, user, call_id, action);
  });
  api.post('/voice/dm/call/mute-state', async (request) => {
    const user = await authenticate(ctx, request);
    const { call_id, ...state } = parse(CallMuteBody, request.body);
    return setCallMuteState(ctx, user, call_id, state);
  });
}
