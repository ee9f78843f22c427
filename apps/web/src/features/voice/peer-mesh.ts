import type { TurnCredentials } from '@hearth/protocol';
import { RemoteAudio, type OutputSettings } from './remote-audio';

export interface OutgoingSignal {
  target_user_id: number;
  signal_type: 'offer' | 'answer' | 'ice-candidate';
  signal_data: unknown;
}

interface MeshEvents {
  send(signal: OutgoingSignal): void;
  /** Whether at least one peer is connected (spec 2 §4: that is 'connected'). */
  onConnectedChange(anyConnected: boolean): void;
  /** A peer connection failed: it is closed (spec 2 §4). */
  onPeerFailed(userId: number): void;
}

/**
 * The offerer's watchdog. A connection whose ICE has found no candidate on one side within 10 s is
 * stuck (seen in Chromium now and then: gathering starts and never yields a relay candidate), and
 * one not connected within 30 s will not connect: either way the offerer starts a new connection,
 * which the other side takes as a fresh offer. At most 3 times per person and join.
 */
const NO_CANDIDATE_MS = 10_000;
const NOT_CONNECTED_MS = 30_000;
const MAX_REOFFERS = 3;

interface Peer {
  pc: RTCPeerConnection;
  audio: RemoteAudio;
  /** Whether an ICE candidate was gathered here, and one received from the other side. */
  gathered: boolean;
  received: boolean;
  watchdog?: ReturnType<typeof setTimeout>;
  /** ICE candidates that came before the remote description, added once it is set. */
  early: RTCIceCandidateInit[];
}

/**
 * One RTCPeerConnection per other participant, each sending the microphone and playing what it
 * receives in an <audio> element of its own. Relay-only by default (spec 2: peers never learn each
 * other's addresses), a pool of 10 ICE candidates gathered ahead, one transport for everything.
 */
export class PeerMesh {
  private peers = new Map<number, Peer>();
  private anyConnected = false;
  private reoffers = new Map<number, number>();

  constructor(
    private stream: MediaStream,
    private turn: TurnCredentials,
    private events: MeshEvents,
    private output: OutputSettings,
  ) {}

  /** The newcomer's side: an offer to someone already in the channel. */
  async offerTo(userId: number): Promise<void> {
    const peer = this.peerFor(userId);
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    this.events.send({ target_user_id: userId, signal_type: 'offer', signal_data: peer.pc.localDescription?.toJSON() });
    this.watch(userId, peer, NO_CANDIDATE_MS, () => peer.gathered && peer.received);
  }

  /** After `ms`, unless the connection is up or `healthy()`, offers again (see NO_CANDIDATE_MS). */
  private watch(userId: number, peer: Peer, ms: number, healthy: () => boolean): void {
    clearTimeout(peer.watchdog);
    peer.watchdog = setTimeout(() => {
      if (this.peers.get(userId) !== peer || peer.pc.connectionState === 'connected') return;
      if (healthy()) {
        if (ms === NO_CANDIDATE_MS) this.watch(userId, peer, NOT_CONNECTED_MS - NO_CANDIDATE_MS, () => false);
        return;
      }
      const tries = this.reoffers.get(userId) ?? 0;
      if (tries >= MAX_REOFFERS) return;
      this.reoffers.set(userId, tries + 1);
      console.warn('[voice] connection to', userId, 'stalled; offering a new one');
      this.close(userId);
      void this.offerTo(userId);
    }, ms);
  }

  async receive(from: number, type: OutgoingSignal['signal_type'], data: unknown): Promise<void> {
    try {
      if (type === 'offer') {
        // A new offer from someone is a new connection (they rejoined): start from scratch.
        if (this.peers.has(from)) this.close(from);
        const peer = this.peerFor(from);
        await peer.pc.setRemoteDescription(data as RTCSessionDescriptionInit);
        await this.flushEarly(peer);
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        this.events.send({
          target_user_id: from,
          signal_type: 'answer',
          signal_data: peer.pc.localDescription?.toJSON(),
        });
      } else if (type === 'answer') {
        const peer = this.peers.get(from);
        if (!peer || peer.pc.signalingState !== 'have-local-offer') return;
        await peer.pc.setRemoteDescription(data as RTCSessionDescriptionInit);
        await this.flushEarly(peer);
      } else {
        const peer = this.peers.get(from);
        if (!peer || !data) return;
        peer.received = true;
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(data as RTCIceCandidateInit);
        else peer.early.push(data as RTCIceCandidateInit);
      }
    } catch (err) {
      console.warn('[voice] signal from', from, 'failed:', err);
    }
  }

  /** Volume, output device and deafen, for every peer's audio. */
  setOutput(output: OutputSettings): void {
    this.output = output;
    for (const peer of this.peers.values()) peer.audio.apply(output);
  }

  /**
   * Sends another stream (the microphone opened again with new settings) on every connection, in
   * place of the old one: replaceTrack needs no new offer, so nobody hears a gap longer than a frame.
   */
  async replaceStream(stream: MediaStream): Promise<void> {
    this.stream = stream;
    const track = stream.getAudioTracks()[0] ?? null;
    await Promise.all(
      [...this.peers.values()].flatMap(({ pc }) =>
        pc
          .getSenders()
          .filter((sender) => sender.track === null || sender.track.kind === 'audio')
          .map((sender) => sender.replaceTrack(track)),
      ),
    );
  }

  close(userId: number): void {
    const peer = this.peers.get(userId);
    if (!peer) return;
    this.peers.delete(userId);
    clearTimeout(peer.watchdog);
    peer.pc.close();
    peer.audio.close();
    this.checkConnected();
  }

  closeAll(): void {
    for (const id of [...this.peers.keys()]) this.close(id);
  }

  private peerFor(userId: number): Peer {
    const existing = this.peers.get(userId);
    if (existing) return existing;
    const pc = new RTCPeerConnection({
      iceServers:
        this.turn.urls.length > 0
          ? [{ urls: this.turn.urls, username: this.turn.username, credential: this.turn.password }]
          : [],
      iceTransportPolicy: this.turn.ice_transport_policy,
      iceCandidatePoolSize: 10,
      bundlePolicy: 'max-bundle',
    });
    const audio = new RemoteAudio(userId, this.output);
    const peer: Peer = { pc, audio, early: [], gathered: false, received: false };
    this.peers.set(userId, peer);
    for (const track of this.stream.getTracks()) pc.addTrack(track, this.stream);
    pc.onicecandidate = (event) => {
      if (event.candidate) peer.gathered = true;
      if (event.candidate)
        this.events.send({
          target_user_id: userId,
          signal_type: 'ice-candidate',
          signal_data: event.candidate.toJSON(),
        });
    };
    pc.ontrack = (event) => audio.play(event.streams[0] ?? new MediaStream([event.track]));
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') this.events.onPeerFailed(userId);
      this.checkConnected();
    };
    return peer;
  }

  private async flushEarly(peer: Peer): Promise<void> {
    const early = peer.early;
    peer.early = [];
    for (const candidate of early) await peer.pc.addIceCandidate(candidate);
  }

  private checkConnected(): void {
    const any = [...this.peers.values()].some((p) => p.pc.connectionState === 'connected');
    if (any === this.anyConnected) return;
    this.anyConnected = any;
    this.events.onConnectedChange(any);
  }
}
