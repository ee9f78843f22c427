import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { ConfirmDialog, type ConfirmOptions } from './ConfirmDialog';

export type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

interface Request {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Hosts the one confirm dialog of the app; useConfirm() opens it and waits for the answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Kept after closing so the dialog's text stays put while it animates out.
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const request = useRef<Request | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    request.current?.resolve(confirmed);
    request.current = null;
    setOpen(false);
    setBusy(false);
  }, []);

  const confirm = useCallback<ConfirmFn>(
    (next) => {
      // A newer question replaces an unanswered one, which counts as cancelled.
      settle(false);
      return new Promise<boolean>((resolve) => {
        request.current = { options: next, resolve };
        setOptions(next);
        setOpen(true);
      });
    },
    [settle],
  );

  const accept = async () => {
    const current = request.current;
    if (!current) return;
    if (current.options.onConfirm) {
      setBusy(true);
      try {
        await current.options.onConfirm();
      } catch {
        if (request.current === current) setBusy(false);
        return;
      }
    }
    if (request.current === current) settle(true);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={open}
        options={options}
        busy={busy}
        onConfirm={() => void accept()}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
