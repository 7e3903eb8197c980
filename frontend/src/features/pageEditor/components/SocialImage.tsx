import { SingleImageUploader } from '../../../ui/imageUploader/SingleImageUploader';
import type { MetaImage } from '../types';

export const SHARE_IMAGE_NOTE = 'Recommended size: at least 1200x630 pixels.';
export const SHARE_IMAGE_TOO_SMALL = 'Recommended at least 1200x630';
export const SHARE_IMAGE_MIN = { width: 1200, height: 630 } as const;

interface SocialImageProps {
  image: MetaImage | null;
  /** Every locale code: the upload sends an (empty) alternative text for each. */
  locales: readonly string[];
  onChange: (image: MetaImage | null) => void;
  error?: string;
  upload?: (data: FormData) => Promise<unknown>;
}

/** Return the image's size when known. */
export function imageSize(image: MetaImage): { width: number; height: number } | null {
  const { real_width: width, real_height: height } = image;
  return typeof width === 'number' && typeof height === 'number' ? { width, height } : null;
}

/** Whether an image is smaller than the recommended social sharing size. */
export function tooSmallToShare(size: { width: number; height: number }): boolean {
  return size.width < SHARE_IMAGE_MIN.width || size.height < SHARE_IMAGE_MIN.height;
}

/** The social sharing image: the current one with its size, Remove, and the uploader. */
export function SocialImage({ image, locales, onChange, error, upload }: SocialImageProps) {
  const size = image ? imageSize(image) : null;
  const alternative = Object.fromEntries(locales.map((code) => [code, '']));
  return (
    <div className="form-field" role="group" aria-labelledby="social-image-label">
      <div className="form-field__head">
        <span id="social-image-label" className="form-field__label">
          Social sharing image
        </span>
        {error && <span className="form-field__error">{error}</span>}
      </div>
      <div className="social-image">
        {image ? (
          <img
            className="social-image__thumb"
            src={image.thumbnail_url}
            alt={`Social sharing image: ${image.filename}`}
          />
        ) : (
          <div className="social-image__empty" aria-hidden="true">
            1200 × 630
          </div>
        )}
        <div className="social-image__text">
          <p className="social-image__filename">{image ? image.filename : 'No image chosen.'}</p>
          {size && (
            <p className="form-field__description">
              {size.width} × {size.height} pixels
            </p>
          )}
          {size && tooSmallToShare(size) ? (
            <p className="social-image__warning" role="note">
              {SHARE_IMAGE_TOO_SMALL}
            </p>
          ) : (
            <p className="form-field__description">{SHARE_IMAGE_NOTE}</p>
          )}
          <div className="social-image__actions">
            <SingleImageUploader
              label={image ? 'Replace image' : 'Choose image'}
              alternative={alternative}
              onChange={onChange}
              upload={upload}
            />
            {image && (
              <button type="button" className="button" onClick={() => onChange(null)}>
                Remove
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
