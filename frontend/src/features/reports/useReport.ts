import { useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  failed: boolean;
  retry: () => void;
}

/**
 * A report's answer for `key`: the embedded one first (no request), then one request per
 * new key; an answer that arrives after a newer key was asked for is dropped.
 */
export function useReport<T>(initial: T | null, key: string, load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(initial);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const first = useRef(initial !== null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    setData(null);
    setFailed(false);
    loader.current().then(
      (answer) => current && setData(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  return { data, failed, retry: () => setAttempt((n) => n + 1) };
}
