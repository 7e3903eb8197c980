import { t } from '../../../i18n';
/** The Images and Files tabs until their tools arrive. */
export function ComingSoon({ feature }: { feature: 'Images' | 'Files' }) {
  const images = feature === 'Images';
  return (
    <div className="coming-soon">
      <p className="coming-soon__title">
        {images ? t('editor.comingSoon.images') : t('editor.comingSoon.files')}
      </p>
      <p>{images ? t('editor.comingSoon.imagesBody') : t('editor.comingSoon.filesBody')}</p>
    </div>
  );
}
