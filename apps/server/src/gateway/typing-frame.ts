import { TEXT, type ClientFrame } from '@hearth/protocol';
import { startTyping, type TypingTarget } from '../typing/service.js';
import { reply, type Connection } from './connection.js';
import type { GatewayState } from './state.js';

type TypingFrame = Extract<ClientFrame, { type: 'typing_start' }>;

/** `typing_start`: nothing answers success; a refusal is the usual `error` frame (see frames.ts). */
export async function handleTypingFrame(state: GatewayState, conn: Connection, frame: TypingFrame): Promise<void> {
  const user = conn.session?.user;
  if (!user) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: frame.type });
  // The schema lets exactly one of the two through.
  const target: TypingTarget =
    frame.channel_id !== undefined ? { channel_id: frame.channel_id } : { dm_user_id: frame.dm_user_id! };
  await startTyping(state.ctx, user, target);
}
