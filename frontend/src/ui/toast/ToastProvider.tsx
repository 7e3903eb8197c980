import { createContext, useContext, useMemo, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { createToastQueue } from './queue';
import type { ToastAction, ToastQueue } from './queue';

export interface Toaster {
  /** Show an error, optionally with one action (such as Retry). */
  error(message: string, action?: ToastAction): void;
  /** Show a notice, optionally with one action (such as Undo). */
  notice(message: string, action?: ToastAction): void;
  /** Take back every message with this text, shown or waiting. */
  withdraw(message: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** Own one toast queue and render its current message. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const queue = useMemo<ToastQueue>(() => createToastQueue(), []);
  useEffect(() => () => queue.dispose(), [queue]);
  const toaster = useMemo<Toaster>(
    () => ({
      error: (message, action) => queue.push('error', message, action),
      notice: (message, action) => queue.push('notice', message, action),
      withdraw: (message) => queue.withdraw(message),
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
          // A message with a button stays while the pointer or the focus is on it, so there
          // is time to reach the button (a keyboard user tabs there); any other keeps its time.
          {...(toast.action && {
            onPointerEnter: queue.hold,
            onPointerLeave: queue.release,
            onFocus: queue.hold,
            onBlur: queue.release,
          })}
        >
          <span className="toast__message">{toast.message}</span>
          {toast.action && (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                toast.action?.run();
                queue.dismiss();
              }}
            >
              {toast.action.label}
            </button>
          )}
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
