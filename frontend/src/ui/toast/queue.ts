// Toast queue (spec §4, §9): one message at a time, visible 4000 ms,
// then a 500 ms fade, then removed and the next one shown. A message may offer one action
// (such as Retry); while the pointer or the focus is on such a message its clock stops.
// A message may name its subject (such as one page's status): a newer message on the same
// subject replaces it, shown or waiting, and the subject's messages can be taken back when
// what they say stops being true (an Undo that no longer undoes the last change, "save to keep
// it" once saved).

export const TOAST_VISIBLE_MS = 4000;
export const TOAST_FADE_MS = 500;

export type ToastType = 'error' | 'notice';
export type ToastPhase = 'visible' | 'fading';

/** A button on a message, such as Retry; using it also dismisses the message. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastMessage {
  id: number;
  type: ToastType;
  message: string;
  action?: ToastAction;
  /** What the message is about; a newer message on the same subject replaces it. */
  subject?: string;
}

export interface ToastState {
  current: (ToastMessage & { phase: ToastPhase }) | null;
  pending: readonly ToastMessage[];
}

export interface ToastQueue {
  /**
   * Queue a message. One with a subject replaces the messages on that subject at once: in the
   * place of the shown one (with its full time), else at the end of the queue.
   */
  push(type: ToastType, message: string, action?: ToastAction, subject?: string): void;
  /** Stop the current message's clock (pointer or focus on it) … */
  hold(): void;
  /** … and give it its full time again when they leave. */
  release(): void;
  /** Remove the current message at once and show the next. */
  dismiss(): void;
  /** Remove every message with this text, shown or waiting (it no longer tells the truth). */
  withdraw(message: string): void;
  /** Remove every message on this subject, shown or waiting. */
  withdrawSubject(subject: string): void;
  getState(): ToastState;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/** Create a toast queue; timers are injectable for tests. */
export function createToastQueue(timers: Timers = defaultTimers): ToastQueue {
  let state: ToastState = { current: null, pending: [] };
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const setState = (next: ToastState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const schedule = (callback: () => void, ms: number) => {
    timer = timers.setTimeout(() => {
      timer = null;
      callback();
    }, ms);
  };

  const showNext = () => {
    const [next, ...rest] = state.pending;
    if (!next) {
      setState({ current: null, pending: [] });
      return;
    }
    setState({ current: { ...next, phase: 'visible' }, pending: rest });
    schedule(fade, TOAST_VISIBLE_MS);
  };

  const fade = () => {
    if (!state.current) return;
    setState({ ...state, current: { ...state.current, phase: 'fading' } });
    schedule(showNext, TOAST_FADE_MS);
  };

  const stopClock = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  /** Remove the waiting messages that match, and the shown one (then show the next). */
  const remove = (matches: (toast: ToastMessage) => boolean) => {
    const pending = state.pending.filter((toast) => !matches(toast));
    if (pending.length !== state.pending.length) setState({ ...state, pending });
    if (state.current && matches(state.current)) {
      stopClock();
      showNext();
    }
  };

  return {
    push(type, message, action, subject) {
      const toast: ToastMessage = {
        id: nextId++,
        type,
        message,
        ...(action && { action }),
        ...(subject !== undefined && { subject }),
      };
      if (subject !== undefined && state.current?.subject === subject) {
        stopClock();
        const pending = state.pending.filter((waiting) => waiting.subject !== subject);
        setState({ current: { ...toast, phase: 'visible' }, pending });
        schedule(fade, TOAST_VISIBLE_MS);
        return;
      }
      const kept =
        subject === undefined
          ? state.pending
          : state.pending.filter((waiting) => waiting.subject !== subject);
      setState({ ...state, pending: [...kept, toast] });
      if (!state.current) showNext();
    },
    hold() {
      if (!state.current) return;
      stopClock();
      if (state.current.phase === 'fading')
        setState({ ...state, current: { ...state.current, phase: 'visible' } });
    },
    release() {
      if (!state.current || timer !== null) return;
      schedule(fade, TOAST_VISIBLE_MS);
    },
    dismiss() {
      if (!state.current) return;
      stopClock();
      showNext();
    },
    withdraw(message) {
      remove((toast) => toast.message === message);
    },
    withdrawSubject(subject) {
      remove((toast) => toast.subject === subject);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopClock();
      listeners.clear();
    },
  };
}
