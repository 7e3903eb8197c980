import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { dropPlace, isDragging, samePlace } from '../drag';
import type { TreePlace } from '../drag';
import type { TreeStore } from '../store';

export interface DragPreview {
  id: number;
  place: TreePlace;
}

interface Gesture {
  id: number;
  startX: number;
  startY: number;
  active: boolean;
  place: TreePlace | null;
}

/** Pointer dragging of tree rows: a live preview while moving, one move call on drop. */
export function useTreeDrag(store: TreeStore, rowHeight: number, dir: 'ltr' | 'rtl') {
  const gesture = useRef<Gesture | null>(null);
  const [preview, setPreview] = useState<DragPreview | null>(null);

  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const current = gesture.current;
      if (!current) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (!current.active && !isDragging(dx, dy)) return;
      current.active = true;
      event.preventDefault();
      const { model, collapsed } = store.getState();
      // Right-to-left locales indent towards the left.
      const inline = dir === 'rtl' ? -dx : dx;
      const place = dropPlace(model, collapsed, current.id, inline, dy, rowHeight);
      if (place && !samePlace(place, current.place)) {
        current.place = place;
        setPreview({ id: current.id, place });
      }
    };
    const onUp = () => {
      const current = gesture.current;
      gesture.current = null;
      setPreview(null);
      if (current?.active && current.place) void store.move(current.id, current.place);
    };
    const onCancel = () => {
      gesture.current = null;
      setPreview(null);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  }, [store, rowHeight, dir]);

  const startDrag = useCallback((id: number, event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    gesture.current = {
      id,
      startX: event.clientX,
      startY: event.clientY,
      active: false,
      place: null,
    };
  }, []);

  return { preview, startDrag };
}
