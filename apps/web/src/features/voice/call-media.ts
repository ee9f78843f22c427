import type { IceServers, TurnCredentials } from '@hearth/protocol';
import type { z } from 'zod';
import type { HttpClient } from '../../lib/http';
import type { LiveConnection } from '../../lib/live';
import type { CallMedia, CallSession } from './call-session';
import { PeerMesh } from './peer-mesh';
import { VoiceMedia } from './voice-media';

type Ice = z.infer<typeof IceServers>;

/** The start answer's RTCPeerConnection form back to the credentials PeerMesh takes. */
function fromIce(ice: Ice): TurnCredentials {
  const server = ice.iceServers[0];
  return {
    urls: server?.urls ?? [],
    username: server?.username ?? '',
    password: server?.credential ?? '',
    ttl: 0,
    ice_transport_policy: ice.iceTransportPolicy,
  };
}

/** A DM call's audio (its own lazy chunk): the microphone and one relay-only peer connection. */
export class DmCallMedia implements CallMedia {
  private media: VoiceMedia | null = null;
  private mesh: PeerMesh | null = null;
  private early: { from: number; type: 'offer' | 'answer' | 'ice-candidate'; data: unknown }[] = [];

  constructor(
    private session: CallSession,
    private deps: { http: HttpClient; live: LiveConnection; notify?: (text: string) => void },
  ) {}

  async start(otherId: number, ice: Ice | null, offer: boolean): Promise<void> {
    const turn = ice ? fromIce(ice) : await this.deps.http.get<TurnCredentials>('/voice/turn-credentials');
    const media = new VoiceMedia((text) => this.deps.notify?.(text));
    this.media = media;
    const stream = await media.open();
    const callId = this.session.getState().call!.call_id;
    this.mesh = new PeerMesh(
      stream,
      turn,
      {
        send: (signal) => this.deps.live.send({ type: 'dm_call_signal', call_id: callId, ...signal }),
        onConnectedChange: (any) => any && this.session.connected(),
        onPeerFailed: () => void this.session.end(),
      },
      media.output(),
    );
    media.attach(this.mesh);
    const { muted, deafened } = this.session.getState();
    this.setMuted(muted);
    this.setDeafened(deafened);
    for (const s of this.early.splice(0)) void this.mesh.receive(s.from, s.type, s.data);
    if (offer) await this.mesh.offerTo(otherId);
  }

  receive(from: number, type: 'offer' | 'answer' | 'ice-candidate', data: unknown): void {
    if (this.mesh) void this.mesh.receive(from, type, data);
    else this.early.push({ from, type, data });
  }

  setMuted(muted: boolean): void {
    this.media?.setMuted(muted);
  }

  setDeafened(deafened: boolean): void {
    this.media?.setDeafened(deafened);
  }

  stop(): void {
    this.mesh?.closeAll();
    this.mesh = null;
    this.media?.close();
    this.media = null;
  }
}
