import { CLIENT_THROTTLE_PER_SECOND } from '@hearth/protocol/constants';

export const throttleMessage = (key: string) => `Rate limit exceeded for ${key}. Please try again later.`;

/** At most 10 requests per second per request key (spec 1 §5), counted over a sliding second. */
export class RequestThrottle {
  private stamps = new Map<string, number[]>();

  constructor(
    private perSecond = CLIENT_THROTTLE_PER_SECOND,
    private now: () => number = () => Date.now(),
  ) {}

  /** Records a request; throws when the key has had its share in the last second. */
  take(key: string): void {
    const t = this.now();
    const recent = (this.stamps.get(key) ?? []).filter((s) => t - s < 1000);
    if (recent.length >= this.perSecond) {
      this.stamps.set(key, recent);
      throw new Error(throttleMessage(key));
    }
    recent.push(t);
    this.stamps.set(key, recent);
  }
}
