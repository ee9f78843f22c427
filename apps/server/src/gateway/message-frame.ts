import { TEXT, type ClientFrame } from '@hearth/protocol';
import { sendMessage } from '../messages/service.js';
import { sendDirectMessage } from '../direct-messages/service.js';
import { reply, sendRaw, type Connection } from './connection.js';
import type { GatewayState } from './state.js';

type MessageFrame = Extract<ClientFrame, { type: 'message' }>;
type DirectMessageFrame = Extract<ClientFrame, { type: 'direct_message' }>;

/** `message`: stores and announces a message; the sender sees it arrive through the bus like everyone. */
export async function sendLiveMessage(state: GatewayState, conn: Connection, frame: MessageFrame): Promise<void> {
  if (!conn.session) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: frame.type });
  const { message, created } = await sendMessage(state.ctx, conn.session.user, frame);
  // A repeated nonce stores and announces nothing, and while the bus is down nothing is announced
  // (the others get it when their sessions start afresh): answer the sender alone with what is stored.
  if (!created || !state.ctx.events.reachable())
    sendRaw(conn, JSON.stringify({ type: 'message', seq: null, data: message }));
}

/** `direct_message`: the same for a conversation; both participants receive it through the bus. */
export async function sendLiveDirectMessage(
  state: GatewayState,
  conn: Connection,
  frame: DirectMessageFrame,
): Promise<void> {
  if (!conn.session) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: frame.type });
  const { message, created } = await sendDirectMessage(state.ctx, conn.session.user, frame);
  if (!created || !state.ctx.events.reachable())
    sendRaw(conn, JSON.stringify({ type: 'direct_message', seq: null, data: message }));
}
