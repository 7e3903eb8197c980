import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

const OVERSCAN = 10;
/** The row height when the stylesheet does not say (pageTree.css sets --tree-row-height; treeRowActions.css a taller one for narrow and touch screens). */
const DEFAULT_ROW_HEIGHT = 36;

export interface RowWindow {
  start: number;
  end: number;
  /** The height of one row in px: taller on narrow and touch screens, where actions wrap. */
  rowHeight: number;
  /** Scroll the page so a row is inside the viewport. */
  scrollToIndex: (index: number) => void;
}

/** Read the row height the stylesheet gives the tree (it changes with the screen width). */
export function readRowHeight(element: HTMLElement | null): number {
  if (!element) return DEFAULT_ROW_HEIGHT;
  const value = parseFloat(getComputedStyle(element).getPropertyValue('--tree-row-height'));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_ROW_HEIGHT;
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
): RowWindow {
  const [rowHeight, setRowHeight] = useState(DEFAULT_ROW_HEIGHT);
  const [range, setRange] = useState(() => ({ start: 0, end: Math.min(count, 60) }));

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      const height = readRowHeight(container.current);
      setRowHeight(height);
      const next = computeWindow(container.current, count, height);
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
  }, [container, count]);

  const scrollToIndex = (index: number) => {
    const element = container.current;
    if (!element) return;
    const rowTop = element.getBoundingClientRect().top + index * rowHeight;
    if (rowTop < 0) window.scrollBy(0, rowTop);
    else if (rowTop + rowHeight > window.innerHeight)
      window.scrollBy(0, rowTop + rowHeight - window.innerHeight);
    setRange(computeWindow(element, count, rowHeight));
  };

  return { ...range, rowHeight, scrollToIndex };
}
