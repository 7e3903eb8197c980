// Toast queue (spec §4, §9): one message at a time, visible 4000 ms,
// then a 500 ms fade, then removed and the next one shown.

export const TOAST_VISIBLE_MS = 4000;
export const TOAST_FADE_MS = 500;

export type ToastType = 'error' | 'notice';
export type ToastPhase = 'visible' | 'fading';

export interface ToastMessage {
  id: number;
  type: ToastType;
  message: string;
}

export interface ToastState {
  current: (ToastMessage & { phase: ToastPhase }) | null;
  pending: readonly ToastMessage[];
}

export interface ToastQueue {
  push(type: ToastType, message: string): void;
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

  return {
    push(type, message) {
      const toast: ToastMessage = { id: nextId++, type, message };
      setState({ ...state, pending: [...state.pending, toast] });
      if (!state.current) showNext();
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
  };
}
