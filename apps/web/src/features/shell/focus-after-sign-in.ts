import { useEffect } from 'react';
import { landingInDefaultChannel } from './landing-flag';

/**
 * Where focus goes after signing in. The login form's fields go away with the form, which would
 * leave focus on the page body, and someone using only the keyboard would start from the top of the
 * page. Instead focus goes to the composer when the shell opens on a channel (a new account lands in
 * one), else to the first control of the main area (home's first tab).
 */
let pending = false;

/** The login form calls this as it signs in; `cancel` when the sign-in failed. */
export const focusAfterSignIn = {
  ask: () => {
    pending = true;
  },
  cancel: () => {
    pending = false;
  },
};

/** How long the shell may take to show its first place before the move is given up. */
const GIVE_UP_MS = 15_000;

const CONTROLS =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

const visible = (element: HTMLElement) => element.getClientRects().length > 0;

/** The element focus should move to now, or null while the place is still loading. */
function target(): HTMLElement | null {
  const composer = document.querySelector<HTMLElement>('textarea[data-composer]:not([readonly])');
  if (composer && visible(composer)) return composer;
  // A new account is about to be moved to its first channel: wait for its composer.
  if (landingInDefaultChannel()) return null;
  const main = document.querySelector<HTMLElement>('[role="main"]');
  const first = [...(main?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])].find(visible);
  return first ?? null;
}

/** Run by the shell: after a sign-in, moves focus once the place is drawn, unless something took it first. */
export function useFocusAfterSignIn(): void {
  useEffect(() => {
    if (!pending) return;
    pending = false;
    let done = false;
    const finish = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    const check = () => {
      if (done) return;
      // A dialog that opened at once (the new-version screen), or the user, has put focus somewhere.
      if (document.activeElement && document.activeElement !== document.body) return finish();
      const element = target();
      if (!element) return;
      element.focus();
      finish();
    };
    const observer = new MutationObserver(check);
    const timer = setTimeout(finish, GIVE_UP_MS);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['readonly'],
    });
    check();
    return finish;
  }, []);
}
