/**
 * Just enough of a TURN client to prove that credentials work against a real coturn: an Allocate
 * over UDP (RFC 5766 §6) with the long-term credential mechanism (RFC 5389 §10.2), the messages
 * encoded by @msimerson/stun.
 */
import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import {
  constants,
  createMessage,
  decode,
  validateMessageIntegrity,
  type StunRequest,
  type StunResponse,
} from '@msimerson/stun';

export interface TurnServerAddress {
  host: string;
  port: number;
}

/** The server's first answer, to a request without credentials: 401 with the realm and a nonce. */
export interface Challenge {
  code: number | undefined;
  realm: string | undefined;
  nonce: string | undefined;
}

export type AllocateAnswer =
  | {
      ok: true;
      /** XOR-RELAYED-ADDRESS: where peers would send to reach this client. */
      relayed: { address: string; port: number };
      /** The answer's MESSAGE-INTEGRITY checks out with the same key: the server knew the password too. */
      signedByServer: boolean;
    }
  | { ok: false; code: number | undefined; reason: string | undefined };

/** RFC 5766 §14.7: REQUESTED-TRANSPORT carries the protocol number (17, UDP) in its first byte. */
const UDP_TRANSPORT = 17 << 24;

/**
 * Sends requests from one socket (one 5-tuple, as an allocation needs) until `next` has none left,
 * each built from the answer before. RFC 5389 §7.2.1: UDP requests are resent, the wait doubling
 * from 500 ms.
 */
async function exchange(server: TurnServerAddress, next: (answers: StunResponse[]) => StunRequest | null) {
  const socket = createSocket('udp4');
  const answers: StunResponse[] = [];
  try {
    for (;;) {
      const request = next(answers);
      if (!request) break;
      const bytes = request.toBuffer();
      const answer = await new Promise<StunResponse>((resolve, reject) => {
        let wait = 500;
        let timer: NodeJS.Timeout;
        const send = (triesLeft: number) => {
          if (triesLeft === 0) return reject(new Error(`no answer from ${server.host}:${server.port}`));
          socket.send(bytes, server.port, server.host);
          timer = setTimeout(() => send(triesLeft - 1), wait);
          wait *= 2;
        };
        const onMessage = (message: Buffer) => {
          const decoded = decode(message);
          if (!decoded.transactionId.equals(request.transactionId)) return; // a late answer to an earlier try
          clearTimeout(timer);
          socket.off('message', onMessage);
          resolve(decoded);
        };
        socket.on('message', onMessage);
        send(5);
      });
      answers.push(answer);
    }
  } finally {
    socket.close();
  }
  return answers;
}

function allocateRequest(): StunRequest {
  const request = createMessage(constants.STUN_ALLOCATE_REQUEST);
  request.addAttribute(constants.STUN_ATTR_REQUESTED_TRANSPORT, UDP_TRANSPORT);
  return request;
}

/** How many 438 answers in a row are signed again before the refusal stands. */
const MAX_STALE_NONCES = 2;

/** RFC 5389 §15.4: the long-term credential key is MD5(username ":" realm ":" password). */
export const longTermKey = (username: string, realm: string, password: string) =>
  createHash('md5').update(`${username}:${realm}:${password}`).digest();

/**
 * Allocates a relayed address as a browser would: a first request without credentials, answered
 * 401 with the realm and a nonce, then the same request signed with the username and password.
 * Each call uses its own socket (a second Allocate from one address is refused as a mismatch).
 */
export async function allocate(
  server: TurnServerAddress,
  credentials: { username: string; password: string },
): Promise<{ challenge: Challenge; answer: AllocateAnswer }> {
  let key = Buffer.alloc(0);
  const answers = await exchange(server, (before) => {
    const last = before.at(-1);
    if (!last) return allocateRequest();
    // RFC 5389 §10.2.3: a 438 (Stale Nonce) carries a fresh nonce to sign again with, as browsers
    // do. A resent first request, answered twice, gives the server a newer nonce than the one read.
    const signAgain = before.length === 1 || (last.getError()?.code === 438 && before.length < MAX_STALE_NONCES + 1);
    if (!signAgain) return null;
    const realm = last.getRealm() ?? '';
    const request = allocateRequest();
    request.addUsername(credentials.username);
    request.addRealm(realm);
    request.addNonce(last.getNonce() ?? '');
    key = longTermKey(credentials.username, realm, credentials.password);
    request.addMessageIntegrity(key); // RFC 5389 §15.4: HMAC-SHA1 over the message before it
    return request;
  });
  const first = answers[0]!;
  const last = answers.at(-1)!;
  const challenge = { code: first.getError()?.code, realm: first.getRealm(), nonce: first.getNonce() };
  if (last.type !== constants.STUN_ALLOCATE_RESPONSE) {
    const error = last.getError();
    return { challenge, answer: { ok: false, code: error?.code, reason: error?.reason } };
  }
  const relayed = last.getAttribute(constants.STUN_ATTR_XOR_RELAYED_ADDRESS)?.value as {
    address: string;
    port: number;
  };
  return { challenge, answer: { ok: true, relayed, signedByServer: validateMessageIntegrity(last, key) } };
}
