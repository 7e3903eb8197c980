import { t } from '../../../i18n';
import { Banner } from '../../../ui/banner/Banner';
import type { MissingMedia } from '../types';

interface MissingMediaBannerProps {
  missing: MissingMedia;
  onDismiss: () => void;
}

/** After a restore: the images and files of that version no longer in the library. */
export function MissingMediaBanner({ missing, onDismiss }: MissingMediaBannerProps) {
  const items = [
    ...missing.images.map((id) => t('history.imageNumber', { id })),
    ...missing.files.map((id) => t('history.fileNumber', { id })),
  ].join(t('history.listSeparator'));
  return (
    <Banner
      tone="warning"
      role="alert"
      actions={
        <button type="button" className="button" onClick={onDismiss}>
          {t('revisions.dismiss')}
        </button>
      }
    >
      {t('revisions.restore.missing', { items })}
    </Banner>
  );
}
