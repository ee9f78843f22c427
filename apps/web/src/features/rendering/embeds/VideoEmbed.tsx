import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui';
import type { VideoLink } from './video-links';
import styles from './Embeds.module.css';

/** A player's host that has not answered by then has failed (a black-holed or very slow network). */
export const VIDEO_LOAD_TIMEOUT_MS = 15_000;

type Phase = 'card' | 'loading' | 'loaded' | 'failed';

/**
 * Asks the player's host for the player, as the frame does, to learn whether it can be reached: a
 * frame's load event cannot tell (a browser fires it for its own error page too). No-cors, so the
 * answer is opaque and any answer at all resolves; only a network failure (no name, refused, TLS,
 * blocked) rejects. No cookies and no referrer, so it tells the platform no more than the frame does.
 * Redirects are followed (browsers refuse no-cors with any other redirect mode); one to a host outside
 * connect-src rejects, rightly, since frame-src lists the same hosts and would refuse the frame too.
 */
const probe = (url: string, signal: AbortSignal) =>
  fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer', signal });

/**
 * A video link's card. Nothing of the platform is requested until the reader clicks 'Load Video'
 * (no thumbnail, no player), so reading a message tells the platform nothing; then the platform's
 * player is framed. Failure shows 'Failed to load {platform} video' and a plain link instead.
 */
export function VideoEmbed({ href, video }: { href: string; video: VideoLink }) {
  const [phase, setPhase] = useState<Phase>('card');
  const frame = useRef<HTMLIFrameElement>(null);
  const framed = phase === 'loading' || phase === 'loaded';

  useEffect(() => {
    if (!framed) return;
    const origin = new URL(video.embedUrl).origin;
    // A frame refused by the Content-Security-Policy still fires load (with an error page), so the
    // refusal is what tells.
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(origin)) setPhase('failed');
    };
    document.addEventListener('securitypolicyviolation', refused);
    return () => document.removeEventListener('securitypolicyviolation', refused);
  }, [framed, video.embedUrl]);

  useEffect(() => {
    if (phase !== 'loading') return;
    // The button that had focus is gone; the player takes it.
    frame.current?.focus();
    const aborted = new AbortController();
    const timer = setTimeout(() => setPhase('failed'), VIDEO_LOAD_TIMEOUT_MS);
    probe(video.embedUrl, aborted.signal).then(
      () => setPhase((current) => (current === 'loading' ? 'loaded' : current)),
      () => {
        if (!aborted.signal.aborted) setPhase('failed');
      },
    );
    return () => {
      aborted.abort();
      clearTimeout(timer);
    };
  }, [phase, video.embedUrl]);

  // navigator.onLine is not consulted: it says false on a machine whose only network is local,
  // and a player that cannot load fails by the probe, the timeout or the policy refusal anyway.
  const load = () => setPhase('loading');

  if (phase === 'failed') {
    return (
      <div className={styles.videoFailed}>
        <p role="alert">Failed to load {video.platform} video</p>
        <a href={href} target="_blank" rel="noopener noreferrer">
          Open in new tab
        </a>
      </div>
    );
  }
  if (framed) {
    return (
      <div className={styles.player} data-portrait={video.portrait || undefined}>
        <iframe
          ref={frame}
          src={video.embedUrl}
          title={`${video.kind} player`}
          // allowfullscreen rather than allow="fullscreen": every browser knows it, and Chromium warns
          // when both are given.
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          // Players need their scripts, their own origin's storage and popups to their site; they may
          // not navigate this page or submit forms from it.
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <section className={styles.videoCard} aria-label={video.kind}>
      <span className={styles.videoKind}>{video.kind}</span>
      <span className={styles.videoAddress}>{href}</span>
      <span className={styles.videoNote}>Loading it connects to {video.platform}.</span>
      <Button size="sm" onClick={load}>
        Load Video
      </Button>
    </section>
  );
}
