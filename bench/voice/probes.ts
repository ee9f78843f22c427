/// <reference lib="dom" />
/**
 * Code that runs inside the page. Each function is passed to Playwright, which sends its source to
 * the browser: it may use nothing from its module, only what trackPeers leaves on the window.
 */

/** What one open peer connection has received so far (its inbound audio streams summed). */
export interface PeerReceived {
  /** Its place among the page's peer connections (they are only ever added). */
  index: number;
  state: RTCPeerConnectionState;
  /** inbound-rtp audio bytesReceived. */
  bytes: number;
  /** inbound-rtp audio totalAudioEnergy: grows while what is received and played out is not silence. */
  energy: number;
  /** This end's candidate type of the selected candidate pair ('relay': through TURN), null before one is selected. */
  candidateType: string | null;
}

/** What trackPeers leaves on the window. */
interface TrackedWindow {
  /** Every RTCPeerConnection the page made, in order. */
  benchPeers: RTCPeerConnection[];
  /** The open ones from index `from` on that receive audio, with what they received. */
  benchReceived(from: number): Promise<PeerReceived[]>;
}

/**
 * Init script: keeps every RTCPeerConnection the page creates, so their statistics can be read (the
 * client has no test hook: a subclass takes the constructor's place before any of the page's own
 * scripts run), and a function that reads them.
 */
export function trackPeers(): void {
  const Native = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  class TrackedPeerConnection extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      peers.push(this);
    }
  }
  window.RTCPeerConnection = TrackedPeerConnection;

  type Stats = Record<string, unknown>;
  const received = async (from: number): Promise<PeerReceived[]> => {
    const found: PeerReceived[] = [];
    for (let index = from; index < peers.length; index++) {
      const pc = peers[index]!;
      if (pc.connectionState === 'closed' || pc.signalingState === 'closed') continue;
      const stats = new Map<string, Stats>();
      try {
        (await pc.getStats()).forEach((report: Stats, id: string) => stats.set(id, report));
      } catch {
        continue; // closed meanwhile
      }
      const peer: PeerReceived = { index, state: pc.connectionState, bytes: 0, energy: 0, candidateType: null };
      let receives = false;
      for (const report of stats.values()) {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          receives = true;
          peer.bytes += Number(report.bytesReceived ?? 0);
          peer.energy += Number(report.totalAudioEnergy ?? 0);
        } else if (report.type === 'transport' && typeof report.selectedCandidatePairId === 'string') {
          const pair = stats.get(report.selectedCandidatePairId);
          const local = typeof pair?.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined;
          peer.candidateType = typeof local?.candidateType === 'string' ? local.candidateType : null;
        }
      }
      if (receives) found.push(peer);
    }
    return found;
  };
  const w = window as unknown as TrackedWindow;
  w.benchPeers = peers;
  w.benchReceived = received;
}

/** What the page's peer connections have received, from index `from` on (see trackPeers). */
export function receivedAudio(from: number): Promise<PeerReceived[]> {
  return (window as unknown as TrackedWindow).benchReceived(from);
}

/** How many peer connections the page has made so far. */
export function peerCount(): number {
  return (window as unknown as TrackedWindow).benchPeers.length;
}

export interface JoinArg {
  /** How many other people are in the channel: audio must come from each. */
  others: number;
  pollMs: number;
  timeoutMs: number;
}

/** ms from the click; null: not within the time allowed. */
export interface JoinTiming {
  /** Until the voice panel said 'Connected' (a peer connection is up). */
  connectedMs: number | null;
  /** Until a new peer connection to each of the others had received audio packets (bytesReceived > 0). */
  packetsMs: number | null;
  /** Until each of them had also played out sound (totalAudioEnergy > 0): audio flowing. */
  audioMs: number | null;
  /** The joiner's new peer connections when it ended. */
  peers: PeerReceived[];
}

/**
 * Clicks the voice channel's button (the element this runs on), then polls the page every `pollMs`:
 * the voice panel's status, and the statistics of the peer connections made since the click, until
 * each of the others has one that has received audio that is not silence. A time is that of the poll
 * that saw its condition first (when the statistics were asked for).
 */
export function timedJoin(button: Element, arg: JoinArg): Promise<JoinTiming> {
  const w = window as unknown as TrackedWindow;
  const from = w.benchPeers.length;
  const timing: JoinTiming = { connectedMs: null, packetsMs: null, audioMs: null, peers: [] };
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let polls = 0;
    const poll = async () => {
      polls += 1;
      const at = performance.now() - start;
      const panel = document.querySelector('section[aria-label="Voice connection"]');
      // "Connected" or "Connecting..." (its text runs on into the channel's name: no word boundary).
      if (timing.connectedMs === null && panel?.textContent?.includes('Connected')) timing.connectedMs = at;
      const seen = await w.benchReceived(from);
      timing.peers = seen;
      if (timing.packetsMs === null && seen.filter((p) => p.bytes > 0).length >= arg.others) timing.packetsMs = at;
      if (seen.filter((p) => p.bytes > 0 && p.energy > 0).length >= arg.others) {
        timing.audioMs = at;
        return resolve(timing);
      }
      if (performance.now() - start > arg.timeoutMs) return resolve(timing);
      // On a fixed beat from the click, however long reading the statistics took.
      const next = polls * arg.pollMs - (performance.now() - start);
      setTimeout(() => void poll().catch(reject), Math.max(0, next));
    };
    (button as HTMLElement).click();
    void poll().catch(reject);
  });
}
