import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { useFileDrop } from '../fileDrop';
import { ACCEPTED_IMAGE_TYPES } from '../imageUploader/imageTypes';

interface FileDropZoneProps {
  /** Called with every file dropped or picked (the grid filters them). */
  onFiles: (files: File[]) => void;
  /** The pick button's text. */
  pickLabel: string;
  multiple?: boolean;
  className?: string;
  children?: ReactNode;
}

/** An area that takes image files dropped from the desktop, with a pick button for the rest. */
export function FileDropZone({
  onFiles,
  pickLabel,
  multiple = true,
  className,
  children,
}: FileDropZoneProps) {
  const { over, areaProps, onPick } = useFileDrop(onFiles);
  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}${className ? ` ${className}` : ''}`}
      {...areaProps}
    >
      {children}
      <div className="drop-zone__pick">
        <label className="button">
          {pickLabel}
          <input
            type="file"
            className="visually-hidden"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            multiple={multiple}
            onChange={onPick}
          />
        </label>
        <span className="drop-zone__hint">
          {multiple ? t('images.drop.many') : t('images.drop.one')}
        </span>
      </div>
    </div>
  );
}
