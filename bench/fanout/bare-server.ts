/**
 * The baseline for the fan-out benchmark: a minimal `ws` broadcast server with no database, no auth
 * and no permission checks. It speaks just enough of Hearth's live protocol (auth -> ready, ping ->
 * pong, message -> broadcast, typing_start -> everyone else) for the same load client to drive it, and sends message frames of the
 * same shape and size as Hearth's, serialised once for all recipients, as Hearth does.
 *
 * Run as its own process (PORT in the environment) so it does not share an event loop with the load.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const wss = new WebSocketServer({ host: '127.0.0.1', port });
const clients = new Set<WebSocket>();
let seq = 0;

wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('close', () => clients.delete(ws));
  ws.on('error', () => ws.terminate());
  ws.on('message', (raw) => {
    // Hearth parses every client frame too; this is per send, not per delivery, so it is cheap.
    const frame = JSON.parse(raw.toString()) as { type: string; content?: string; nonce?: string };
    if (frame.type === 'auth') ws.send(JSON.stringify({ type: 'ready', seq, data: { session_id: 'bare' } }));
    else if (frame.type === 'ping') ws.send(JSON.stringify({ type: 'pong', seq: null, data: {} }));
    else if (frame.type === 'message') broadcast(frame.content ?? '', frame.nonce ?? null);
    else if (frame.type === 'typing_start') typing(ws);
  });
});

function broadcast(content: string, nonce: string | null): void {
  const id = ++seq;
  // The fields of a Hearth message (see toMessage in the server), so frames are about the same size.
  const data = {
    id,
    channel_id: 1,
    group_id: 1,
    user_id: 2,
    user_numeric_id: 2,
    username: 'fan0001',
    nickname: null,
    pronouns: null,
    pronouns_bg_color: null,
    pronouns_text_color: null,
    profile_image_url: null,
    profile_blur_enabled: false,
    role: 'USER',
    content,
    timestamp: new Date().toISOString(),
    edited_at: null,
    message_type: 'text',
    attachments: [],
    attachment_ids: [],
    sensitive_attachment_ids: [],
    reactions: [],
    mentioned_users: [],
    mentions_everyone: false,
    muted_for_user: false,
    nonce,
    reply_to: null,
    pinned: false,
    embeds: [],
  };
  const frame = JSON.stringify({ type: 'message', seq: id, data });
  for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(frame);
}

/** A typing indicator, as Hearth sends it (no seq), to everyone but the typist. */
function typing(from: WebSocket): void {
  const data = { channel_id: 1, user_id: 2, username: 'fan0001', nickname: null };
  const frame = JSON.stringify({ type: 'typing_start', seq: null, data });
  for (const ws of clients) if (ws !== from && ws.readyState === ws.OPEN) ws.send(frame);
}

wss.on('listening', () => {
  const address = wss.address();
  console.log(`bare ws server listening on ${typeof address === 'string' ? address : address?.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const ws of clients) ws.terminate();
    wss.close(() => process.exit(0));
  });
}
