import { useState } from 'react';
import { failureText, type Outcome } from './form-result';

/**
 * A settings form's save: busy while saving (the button says so), then a success or error banner
 * that replaces the previous one.
 */
export function useSaver() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (work: () => Promise<string>, fallback: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await work() });
    } catch (error) {
      setOutcome({ kind: 'error', text: failureText(error, fallback) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, setOutcome };
}
