import { useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';

/**
 * What an area that takes files dropped from the desktop (and picked with a file input) needs:
 * whether files are held over it, the handlers for the area, and the input's change handler.
 * Drags that carry no files (text, a row of a sortable list) pass through untouched.
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const areaProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setOver(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setOver(false);
      onFiles([...event.dataTransfer.files]);
    },
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // picking the same file again uploads it again
    onFiles(files);
  };
  return { over, areaProps, onPick };
}
