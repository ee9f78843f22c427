import { useState, type FormEvent } from 'react';
import { failureText } from '../settings/form-result';

/**
 * The submit of a pre-sign-in view: a problem found in the form shows at once without a request;
 * otherwise the view is busy while `send` runs, and a failure becomes the form's error (the server's
 * detail, or `fallback`). A view that moves on after success stays busy, so its button cannot be
 * pressed twice on the way out.
 */
export function useViewSubmit(fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submitWith =
    (problem: () => string | null, send: () => Promise<void>, { staysBusy = false } = {}) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const found = problem();
      if (found) {
        setError(found);
        return;
      }
      setBusy(true);
      setError(null);
      try {
        await send();
        if (!staysBusy) setBusy(false);
      } catch (err) {
        setError(failureText(err, fallback));
        setBusy(false);
      }
    };

  return { error, busy, submitWith };
}
