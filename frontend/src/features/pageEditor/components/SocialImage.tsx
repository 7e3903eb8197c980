import type { Page } from '../../../api/types';

export const SHARE_IMAGE_NOTE = 'Recommended size: at least 1200x630 pixels.';

interface SocialImageProps {
  image: Page['meta_image'];
  error?: string;
}

/** The social sharing image: its thumbnail, if any (the uploader comes with the image tools). */
export function SocialImage({ image, error }: SocialImageProps) {
  return (
    <div className="form-field">
      <div className="form-field__head">
        <span className="form-field__label">Social sharing image</span>
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
          <p>{image ? image.filename : 'No image chosen.'}</p>
          <p className="form-field__description">
            {SHARE_IMAGE_NOTE} Choosing an image here arrives with the image library.
          </p>
        </div>
      </div>
    </div>
  );
}
