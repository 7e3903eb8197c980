import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

const OVERSCAN = 10;

export interface RowWindow {
  start: number;
  end: number;
  /** Scroll the page so a row is inside the viewport. */
  scrollToIndex: (index: number) => void;
}

function computeWindow(element: HTMLElement | null, count: number, rowHeight: number) {
  const top = element ? element.getBoundingClientRect().top : 0;
  const first = Math.floor(-top / rowHeight) - OVERSCAN;
  const last = Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN;
  return { start: Math.max(0, Math.min(first, count)), end: Math.max(0, Math.min(last, count)) };
}

/** Render only the rows near the viewport; the page itself scrolls. */
export function useWindowedRows(
  container: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  const [range, setRange] = useState(() => ({ start: 0, end: Math.min(count, 60) }));

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      const next = computeWindow(container.current, count, rowHeight);
      setRange((current) =>
        current.start === next.start && current.end === next.end ? current : next,
      );
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [container, count, rowHeight]);

  const scrollToIndex = (index: number) => {
    const element = container.current;
    if (!element) return;
    const rowTop = element.getBoundingClientRect().top + index * rowHeight;
    if (rowTop < 0) window.scrollBy(0, rowTop);
    else if (rowTop + rowHeight > window.innerHeight)
      window.scrollBy(0, rowTop + rowHeight - window.innerHeight);
    setRange(computeWindow(element, count, rowHeight));
  };

  return { ...range, scrollToIndex };
}
