/** A TURN relay voice can use: its addresses and the shared secret its credentials are made with. */
export interface TurnRelay {
  /** As RTCPeerConnection takes them, e.g. turn:turn.example.com:3478?transport=udp */
  urls: string[];
  secret: string;
}
