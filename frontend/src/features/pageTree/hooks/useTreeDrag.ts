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
  /** The element the pointer went down on, and its pointer: captured once the drag starts. */
  element: Element | null;
  pointerId: number;
}

/**
 * Swallow the click the browser sends after a drag's pointerup (a drag that started on the
 * name link must not open the editor). Only that one click: the guard goes away in the next task.
 */
function suppressNextClick() {
  const swallow = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    window.removeEventListener('click', swallow, true);
  };
  window.addEventListener('click', swallow, true);
  window.setTimeout(() => window.removeEventListener('click', swallow, true), 0);
}

function clearSelection() {
  const selection = window.getSelection();
  if (selection && selection.rangeCount > 0) selection.removeAllRanges();
}

/** Keep receiving the pointer's events even when it leaves the window. */
function capture(current: Gesture) {
  const { element } = current;
  if (!element || !('setPointerCapture' in element) || !element.isConnected) return;
  try {
    element.setPointerCapture(current.pointerId);
  } catch {
    // An unknown pointer id (synthetic events): the window listeners still work.
  }
}

/**
 * Pointer dragging of tree rows: a live preview while moving, one move call on drop.
 * A press only becomes a drag after 15 px of movement (|dx| + |dy|); until then it stays a
 * plain click, and the click that follows a real drag is swallowed.
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
    // A drag cancelled with Escape while the button is still down.
    let cancelledDrag = false;
    const update = (current: Gesture) => {
      const dx = current.clientX + window.scrollX - current.startX;
      const dy = current.clientY + window.scrollY - current.startY;
      if (!current.active) {
        if (!isDragging(dx, dy)) return;
        current.active = true;
        // Capture only now: capturing on pointerdown would retarget a plain click on the
        // name link to the row and so stop it from navigating.
        capture(current);
        clearSelection();
      }
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
    const onCancel = () => {
      cancelledDrag = false;
      end();
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
      const dragged = cancelledDrag || !!current?.active;
      cancelledDrag = false;
      end();
      if (!dragged) return;
      suppressNextClick();
      clearSelection();
      if (current?.active && current.place) void store.move(current.id, current.place);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const current = gesture.current;
      if (event.key !== 'Escape' || !current) return;
      event.preventDefault();
      end();
      // The button is still down: its release must not click whatever is under it.
      cancelledDrag = current.active;
    };
    const onSelectStart = (event: Event) => {
      if (gesture.current?.active) event.preventDefault();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('selectstart', onSelectStart);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('selectstart', onSelectStart);
    };
  }, [store, container, dir]);

  /**
   * Begin a possible drag on a primary-button press. It does not prevent the press's default
   * (focus, the link's click): callers do that where it helps, as on the handle.
   */
  const startDrag = useCallback((id: number, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    gesture.current = {
      id,
      startX: event.clientX + window.scrollX,
      startY: event.clientY + window.scrollY,
      clientX: event.clientX,
      clientY: event.clientY,
      active: false,
      place: null,
      element: event.currentTarget instanceof Element ? event.currentTarget : null,
      pointerId: event.pointerId,
    };
  }, []);

  return { preview, startDrag };
}
