import { useState } from 'react';
import type { ChangeEvent, DragEvent, ReactNode } from 'react';
import './media.css';

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

interface FileDropProps {
  /** Called with every file dropped or picked (the caller filters them). */
  onFiles: (files: File[]) => void;
  /** The pick button's text. */
  pickLabel: string;
  /** The line beside it that says files can be dropped. */
  hint: string;
  /** The file input's `accept` (none: any file). */
  accept?: string;
  multiple?: boolean;
  className?: string;
  /** Extra buttons beside the pick button. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * An area that takes files dropped from the desktop, with a pick button for the rest: the image
 * grid's two areas and the attachments list.
 */
export function FileDrop({
  onFiles,
  pickLabel,
  hint,
  accept,
  multiple = true,
  className,
  actions,
  children,
}: FileDropProps) {
  const { over, areaProps, onPick } = useFileDrop(onFiles);
  const classes = ['drop-zone', over && 'drop-zone--over', className].filter(Boolean).join(' ');
  return (
    <div className={classes} {...areaProps}>
      {children}
      <div className="drop-zone__pick">
        <label className="button">
          {pickLabel}
          <input
            type="file"
            className="visually-hidden"
            accept={accept}
            multiple={multiple}
            onChange={onPick}
          />
        </label>
        <span className="drop-zone__hint">{hint}</span>
        {actions}
      </div>
    </div>
  );
}
