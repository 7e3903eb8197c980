import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { createToastQueue } from './queue';
import type { ToastAction, ToastQueue } from './queue';
import { FIELD_MESSAGES, placeToast } from './placement';
import type { ToastPlace } from './placement';

/** Messages on one subject: each replaces the one before it, shown or waiting. */
export interface SubjectToaster {
  error(message: string, action?: ToastAction): void;
  notice(message: string, action?: ToastAction): void;
  /** Take back the subject's messages: what they say is no longer true. */
  clear(): void;
}

export interface Toaster {
  /** Show an error, optionally with one action (such as Retry). */
  error(message: string, action?: ToastAction): void;
  /** Show a notice, optionally with one action (such as Undo). */
  notice(message: string, action?: ToastAction): void;
  /** Take back every message with this text, shown or waiting. */
  withdraw(message: string): void;
  /** The messages about one subject (such as a page's status, or the form's unsaved edits). */
  about(subject: string): SubjectToaster;
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
      about: (subject) => ({
        error: (message, action) => queue.push('error', message, action, subject),
        notice: (message, action) => queue.push('notice', message, action, subject),
        clear: () => queue.withdrawSubject(subject),
      }),
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

const DEFAULT_PLACE: ToastPlace = { top: false, start: false };

/**
 * Keep the toast in a corner where it covers no field's message, measured when a message
 * shows and again as the page scrolls or resizes under it.
 */
function useToastPlace(shownId: number | undefined) {
  const region = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState(DEFAULT_PLACE);
  useLayoutEffect(() => {
    const element = region.current;
    if (shownId === undefined || !element) return;
    let frame = 0;
    const update = () => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      // The margin the stylesheet gives the region, read where it is now.
      const margin = element.classList.contains('toast-region--top')
        ? box.top
        : window.innerHeight - box.bottom;
      const avoid = [...document.querySelectorAll(FIELD_MESSAGES)]
        .map((message) => message.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0);
      const next = placeToast(
        { width: box.width, height: box.height },
        { width: document.documentElement.clientWidth, height: window.innerHeight },
        avoid,
        { margin, rtl: getComputedStyle(element).direction === 'rtl' },
      );
      setPlace((current) =>
        current.top === next.top && current.start === next.start ? current : next,
      );
    };
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [shownId]);
  return { region, place };
}

function ToastView({ queue }: { queue: ToastQueue }) {
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  const toast = state.current;
  const { region, place } = useToastPlace(toast?.id);
  const className = [
    'toast-region',
    place.top && 'toast-region--top',
    place.start && 'toast-region--start',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={region} className={className} role="status" aria-live="polite">
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
