import type { LibraryImage } from '../../../api/types';
import { t } from '../../../i18n';
import { editPageUrl, localizedName } from '../../../lib/page';
import { displayHeight } from '../../../entities/media/images/crop';
import { AltMissingMark } from '../../../entities/media/images/GridCard';
import { THUMBNAIL_WIDTH, altMissing } from '../../../entities/media/images/image';
import '../../../entities/media/images/imageCard.css';

interface LibraryCardProps {
  image: LibraryImage;
  locale: string;
  localeOrder: readonly string[];
  onEdit: (image: LibraryImage) => void;
  /** Offered for images no page shows. */
  onDelete: (image: LibraryImage) => void;
}

/** One image of the library: its thumbnail, name, missing alternative text and its pages. */
export function LibraryCard({ image, locale, localeOrder, onEdit, onDelete }: LibraryCardProps) {
  const missing = altMissing(image, locale);
  return (
    <li className="image-card library-card">
      <div className="image-card__frame">
        <button
          type="button"
          className="image-card__thumb"
          onClick={() => onEdit(image)}
          aria-label={t('imageLibrary.edit', { name: image.filename })}
        >
          <img
            src={image.thumbnail_url}
            width={THUMBNAIL_WIDTH}
            height={displayHeight(image, THUMBNAIL_WIDTH)}
            alt={image.alternative[locale] ?? ''}
            loading="lazy"
          />
        </button>
        {missing && <AltMissingMark />}
      </div>
      <div className="library-card__text">
        <p className="image-card__name" title={image.filename}>
          {image.filename}
        </p>
        <p className="library-card__size" dir="ltr">
          {image.real_width} × {image.real_height}
        </p>
        {image.pages.length === 0 ? (
          <div className="library-card__unused">
            <p className="library-card__pages library-card__pages--none">
              {t('imageLibrary.unused')}
            </p>
            <button
              type="button"
              className="button button--link button--danger"
              aria-label={t('media.deleteNamed', { name: image.filename })}
              onClick={() => onDelete(image)}
            >
              {t('media.delete')}
            </button>
          </div>
        ) : (
          <div className="library-card__pages">
            <span>{t('imageLibrary.usedOn')}</span>
            <ul>
              {image.pages.map((page) => {
                const name = localizedName(page.name, locale, localeOrder);
                return (
                  <li key={page.id}>
                    <a
                      href={editPageUrl(locale, page.id, 'images')}
                      lang={name.fallback ? name.locale : undefined}
                    >
                      {name.text || t('imageLibrary.untitled')}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}
