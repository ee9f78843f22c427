import type { SocketLike } from '../lib/live';

/** A server frame as a test writes it; `seq` defaults to null (a reply, never replayed). */
export interface TestFrame {
  type: string;
  seq?: number | null;
  data: unknown;
}

/**
 * The live connection's socket, driven by hand: the test opens it, hands it frames from the server,
 * and reads what the client sent. One for every component and bridge test of the live connection.
 */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  /** The seq of the last frame `event` delivered (`ready` from `openReady` is 1). */
  private seq = 1;

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The connection opens; the server has said nothing yet. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The connection opens and the server starts session S1 (`ready`). */
  openReady() {
    this.open();
    this.receive({ type: 'ready', seq: 1, data: { session_id: 'S1' } });
  }
  receive(frame: TestFrame) {
    this.onmessage?.({ data: JSON.stringify({ seq: null, ...frame }) });
  }
  /** A server event with the next seq. */
  event(type: string, data: unknown) {
    this.receive({ type, seq: ++this.seq, data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
