import { createContext, useContext, useMemo, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { createToastQueue } from './queue';
import type { ToastQueue } from './queue';

export interface Toaster {
  error(message: string): void;
  notice(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** Own one toast queue and render its current message. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const queue = useMemo<ToastQueue>(() => createToastQueue(), []);
  useEffect(() => () => queue.dispose(), [queue]);
  const toaster = useMemo<Toaster>(
    () => ({
      error: (message) => queue.push('error', message),
      notice: (message) => queue.push('notice', message),
    }),
    [queue],
  );
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <ToastView queue={queue} />
    </ToastContext.Provider>
  );
}

function ToastView({ queue }: { queue: ToastQueue }) {
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  const toast = state.current;
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}${toast.phase === 'fading' ? ' toast--fading' : ''}`}
        >
          {toast.message}
        </div>
      )}
    </div>
  );
}

/** Return the toaster of the nearest ToastProvider. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used inside a ToastProvider');
  return toaster;
}
