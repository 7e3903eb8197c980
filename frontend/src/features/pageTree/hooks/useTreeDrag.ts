import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { autoScrollSpeed, dropPlace, isDragging, samePlace } from '../drag';
import type { TreePlace } from '../drag';
import type { TreeStore } from '../store';
import { readRowHeight } from './useWindowedRows';

export interface DragPreview {
  id: number;
  place: TreePlace;
}

interface Gesture {
  id: number;
  /** Where the pointer went down, in page coordinates (so scrolling counts as movement). */
  startX: number;
  startY: number;
  /** The latest pointer position in the viewport. */
  clientX: number;
  clientY: number;
  active: boolean;
  place: TreePlace | null;
}

/**
 * Pointer dragging of tree rows: a live preview while moving, one move call on drop.
 * The page scrolls by itself near the viewport's edges; Escape cancels.
 */
export function useTreeDrag(
  store: TreeStore,
  container: RefObject<HTMLElement | null>,
  dir: 'ltr' | 'rtl',
) {
  const gesture = useRef<Gesture | null>(null);
  const [preview, setPreview] = useState<DragPreview | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = (current: Gesture) => {
      const dx = current.clientX + window.scrollX - current.startX;
      const dy = current.clientY + window.scrollY - current.startY;
      if (!current.active && !isDragging(dx, dy)) return;
      current.active = true;
      const { model, collapsed } = store.getState();
      // Right-to-left locales indent towards the left.
      const inline = dir === 'rtl' ? -dx : dx;
      const rowHeight = readRowHeight(container.current);
      const place = dropPlace(model, collapsed, current.id, inline, dy, rowHeight);
      if (place && !samePlace(place, current.place)) {
        current.place = place;
        setPreview({ id: current.id, place });
      }
    };
    const autoScroll = () => {
      frame = 0;
      const current = gesture.current;
      if (!current?.active) return;
      const speed = autoScrollSpeed(current.clientY, window.innerHeight);
      if (speed === 0) return;
      window.scrollBy(0, speed);
      update(current);
      frame = requestAnimationFrame(autoScroll);
    };
    const end = () => {
      gesture.current = null;
      cancelAnimationFrame(frame);
      frame = 0;
      setPreview(null);
    };
    const onMove = (event: PointerEvent) => {
      const current = gesture.current;
      if (!current) return;
      current.clientX = event.clientX;
      current.clientY = event.clientY;
      update(current);
      if (!current.active) return;
      event.preventDefault();
      if (!frame) frame = requestAnimationFrame(autoScroll);
    };
    const onScroll = () => {
      if (gesture.current?.active) update(gesture.current);
    };
    const onUp = () => {
      const current = gesture.current;
      end();
      if (current?.active && current.place) void store.move(current.id, current.place);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !gesture.current) return;
      event.preventDefault();
      end();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', end);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', end);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [store, container, dir]);

  const startDrag = useCallback((id: number, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    // Keep receiving the pointer's events even when it leaves the window.
    if (event.currentTarget instanceof Element && 'setPointerCapture' in event.currentTarget) {
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // An unknown pointer id (synthetic events): window listeners still work.
      }
    }
    gesture.current = {
      id,
      startX: event.clientX + window.scrollX,
      startY: event.clientY + window.scrollY,
      clientX: event.clientX,
      clientY: event.clientY,
      active: false,
      place: null,
    };
  }, []);

  return { preview, startDrag };
}
