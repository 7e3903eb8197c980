import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { useToast } from '../../../ui/toast';
import { useFileDrop } from '../common/FileDrop';
import { imageApi } from '../images/api';
import type { ImageApi } from '../images/api';
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, uploadErrorMessage } from './imageTypes';
import type { UploadedImage } from './imageTypes';
import './imageUploader.css';

interface SingleImageUploaderProps {
  /** The text of the pick button, e.g. 'Choose image'. */
  label: string;
  /** Alternative text sent with the file, by locale (every locale gets a field). */
  alternative: Readonly<Record<string, string>>;
  onChange: (image: UploadedImage) => void;
  /** The upload call; the default is the image grid's (POST /admin/images.json). */
  upload?: ImageApi['upload'];
  /** Tell about a refused file type; the default is the browser's alert. */
  alert?: (message: string) => void;
}

const browserAlert = (message: string) => window.alert(message);
// One image at a time: the placeholder says it is uploading, without a progress bar.
const noProgress = () => undefined;

/** Pick or drop one image and upload it (spec §4 "Image upload", §5, §8). */
export function SingleImageUploader({
  label,
  alternative,
  onChange,
  upload = imageApi.upload,
  alert = browserAlert,
}: SingleImageUploaderProps) {
  const toast = useToast();
  const hintId = useId();
  const [uploading, setUploading] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file || uploading) return;
    if (!isAcceptedImage(file)) {
      alert(t('images.invalidType'));
      return;
    }
    setUploading(true);
    const result = await upload(file, alternative, noProgress);
    setUploading(false);
    if (result.kind === 'uploaded') onChange(result.image);
    else toast.error(uploadErrorMessage(result.error, file.name));
  };
  // The first file dropped or picked: one image is asked for.
  const { over, areaProps, onPick } = useFileDrop((files) => void take(files[0]));

  return (
    <div
      className={`image-uploader${over ? ' image-uploader--over' : ''}`}
      {...areaProps}
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
