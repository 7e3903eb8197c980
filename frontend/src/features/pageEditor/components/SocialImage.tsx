import { t } from '../../../i18n';
import { SingleImageUploader } from '../../../entities/media/imageUploader/SingleImageUploader';
import type { ImageApi } from '../../../entities/media/images/api';
import type { MetaImage } from '../types';

export const SHARE_IMAGE_NOTE = t('editor.shareNote');
export const SHARE_IMAGE_TOO_SMALL = t('editor.shareTooSmall');
export const SHARE_IMAGE_MIN = { width: 1200, height: 630 } as const;

interface SocialImageProps {
  image: MetaImage | null;
  /** Every locale code: the upload sends an (empty) alternative text for each. */
  locales: readonly string[];
  onChange: (image: MetaImage | null) => void;
  error?: string;
  upload?: ImageApi['upload'];
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
    <div id="social-image" className="form-field" role="group" aria-labelledby="social-image-label">
      <div className="form-field__head">
        <span id="social-image-label" className="form-field__label">
          {t('editor.field.meta_image_id')}
        </span>
        {error && <span className="form-field__error">{error}</span>}
      </div>
      <div className="social-image">
        {image ? (
          <img
            className="social-image__thumb"
            src={image.thumbnail_url}
            alt={t('editor.shareImageOf', { filename: image.filename })}
          />
        ) : (
          <div className="social-image__empty" aria-hidden="true" dir="ltr">
            1200 × 630
          </div>
        )}
        <div className="social-image__text">
          <p className="social-image__filename">{image ? image.filename : t('editor.noImage')}</p>
          {size && (
            <p className="form-field__description">
              {t('editor.pixels', { width: size.width, height: size.height })}
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
              label={image ? t('editor.replaceImage') : t('editor.chooseImage')}
              alternative={alternative}
              onChange={onChange}
              upload={upload}
            />
            {image && (
              <button type="button" className="button" onClick={() => onChange(null)}>
                {t('editor.remove')}
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
