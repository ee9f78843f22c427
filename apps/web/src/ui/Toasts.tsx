import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import { type Toast, ToastStore, type ToastType } from './toast-store';
import styles from './Toasts.module.css';

export type ToastApi = Pick<ToastStore, 'show' | 'success' | 'error' | 'warning' | 'info' | 'dismiss'>;

const ToastContext = createContext<ToastStore | null>(null);

const ICONS: Record<ToastType, typeof InfoIcon> = {
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
  info: InfoIcon,
};

export interface ToastProviderProps {
  children: ReactNode;
  /** Pass a store shared with non-React code; otherwise the provider makes its own. */
  store?: ToastStore;
}

export function ToastProvider({ children, store }: ToastProviderProps) {
  const [ownStore] = useState(() => new ToastStore());
  const active = store ?? ownStore;
  return (
    <ToastContext.Provider value={active}>
      {children}
      <ToastViewport store={active} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used inside <ToastProvider>');
  return store;
}

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // The aria-live attribute keeps this region reachable while a modal dialog hides the rest of the
  // page from assistive technology; each toast announces itself through its own role.
  return createPortal(
    <section className={styles.viewport} aria-label="Notifications" aria-live="off">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} store={store} />
      ))}
    </section>,
    document.body,
  );
}

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const Icon = ICONS[toast.type];
  const titleId = `${toast.id}-title`;
  const pause = () => store.pause(toast.id);
  const resume = () => store.resume(toast.id);

  return (
    <div
      className={styles.toast}
      data-type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <Icon className={styles.icon} size={20} />
      <div className={styles.body}>
        <p id={titleId} className={styles.title}>
          {toast.title}
        </p>
        {toast.message && <p className={styles.message}>{toast.message}</p>}
      </div>
      <button type="button" className={styles.close} aria-label="Close" onClick={() => store.dismiss(toast.id)}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
