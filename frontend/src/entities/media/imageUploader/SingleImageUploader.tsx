import { useId, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { t } from '../../../i18n';
import { HttpError, postMultipart } from '../../../lib/http';
import { useToast } from '../../../ui/toast';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_UPLOAD_URL,
  imageFormData,
  isAcceptedImage,
  uploadErrorMessage,
  uploadOutcome,
} from './imageTypes';
import type { UploadOutcome, UploadedImage } from './imageTypes';
import './imageUploader.css';

interface SingleImageUploaderProps {
  /** The text of the pick button, e.g. 'Choose image'. */
  label: string;
  /** Alternative text sent with the file, by locale (every locale gets a field). */
  alternative: Readonly<Record<string, string>>;
  onChange: (image: UploadedImage) => void;
  /** Send the form; the default posts it to /admin/images.json. */
  upload?: (data: FormData) => Promise<unknown>;
  /** Tell about a refused file type; the default is the browser's alert. */
  alert?: (message: string) => void;
}

const postImage = (data: FormData) => postMultipart<unknown>(IMAGE_UPLOAD_URL, data);
const browserAlert = (message: string) => window.alert(message);

async function send(upload: (data: FormData) => Promise<unknown>, data: FormData) {
  try {
    return uploadOutcome(await upload(data));
  } catch (error) {
    // A refused file comes back as 422 with the same {"status": "error"} body.
    if (error instanceof HttpError) {
      const outcome = uploadOutcome(error.body);
      return outcome.kind === 'error' && error.body !== null ? outcome : errorOf(error.message);
    }
    return errorOf(error instanceof Error ? error.message : String(error));
  }
}

const errorOf = (error: string): UploadOutcome => ({ kind: 'error', error });

/** Pick or drop one image and upload it (spec §4 "Image upload", §5, §8). */
export function SingleImageUploader({
  label,
  alternative,
  onChange,
  upload = postImage,
  alert = browserAlert,
}: SingleImageUploaderProps) {
  const toast = useToast();
  const hintId = useId();
  const [uploading, setUploading] = useState(false);
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file || uploading) return;
    if (!isAcceptedImage(file)) {
      alert(t('images.invalidType'));
      return;
    }
    setUploading(true);
    const outcome = await send(upload, imageFormData(file, alternative));
    setUploading(false);
    if (outcome.kind === 'uploaded') onChange(outcome.image);
    else toast.error(uploadErrorMessage(outcome.error, file.name));
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Picking the same file again should upload again.
    event.target.value = '';
    void take(file);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`image-uploader${over ? ' image-uploader--over' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-busy={uploading}
    >
      {uploading ? (
        <div className="image-uploader__placeholder">{t('images.uploading')}</div>
      ) : (
        <>
          <label className="button image-uploader__pick">
            {label}
            <input
              type="file"
              className="visually-hidden"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              aria-describedby={hintId}
              onChange={onPick}
            />
          </label>
          <span id={hintId} className="image-uploader__hint">
            {t('images.uploaderHint')}
          </span>
        </>
      )}
    </div>
  );
}
