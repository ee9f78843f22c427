import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { listen, readBody } from '../../src/testing/push-stand-in.js';

export interface FcmMessage {
  authorization: string | undefined;
  projectPath: string;
  message: { token: string; notification: { title: string; body: string }; data: Record<string, string> };
}

/**
 * A stand-in for Firebase Cloud Messaging, which cannot be reached from the test machine (and needs
 * a Firebase project): it is both the service account's token_uri (OAuth JWT bearer grant) and the
 * HTTP v1 messages:send API. Tokens in `unregistered` answer 404 UNREGISTERED, as FCM does for an
 * uninstalled app.
 */
export class FcmStandIn {
  readonly messages: FcmMessage[] = [];
  readonly assertions: string[] = [];
  readonly unregistered = new Set<string>();
  readonly serviceAccount: Record<string, string>;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.serviceAccount = {
      type: 'service_account',
      project_id: 'hearth-test',
      client_email: 'push@hearth-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${url}/token`,
    };
  }

  static async start(): Promise<FcmStandIn> {
    const holder: { fcm?: FcmStandIn } = {};
    const server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const fcm = holder.fcm!;
        if (request.url === '/token') {
          fcm.assertions.push(new URLSearchParams(body.toString()).get('assertion') ?? '');
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ access_token: 'fcm-access-token', expires_in: 3600, token_type: 'Bearer' }));
          return;
        }
        const { message } = JSON.parse(body.toString()) as { message: FcmMessage['message'] };
        fcm.messages.push({ authorization: request.headers.authorization, projectPath: request.url ?? '', message });
        if (fcm.unregistered.has(message.token)) {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ name: `projects/hearth-test/messages/${fcm.messages.length}` }));
      });
    });
    holder.fcm = new FcmStandIn(server, await listen(server));
    return holder.fcm;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
