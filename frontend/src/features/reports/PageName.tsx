import type { Locale } from '../../api/types';
import { t } from '../../i18n';
import { editPageUrl } from '../../lib/page';

interface PageNameProps {
  locale: string;
  locales: readonly Locale[];
  pageId: number;
  name: string;
  nameLocale: string;
  /** The locale the editor opens in (the block's); the screen's by default. */
  editIn?: string;
}

/** A page's name, in its own language and direction, linking to its editor. */
export function PageName({ locale, locales, pageId, name, nameLocale, editIn }: PageNameProps) {
  const nameIn = locales.find((item) => item.code === nameLocale);
  return (
    <a className="reports__page" href={editPageUrl(editIn || locale, pageId)}>
      <span lang={nameIn?.code} dir={nameIn?.dir ?? 'auto'}>
        {name || t('page.untitled')}
      </span>
      {name !== '' && nameLocale !== locale && (
        <span className="reports__muted">
          {' '}
          ({t('reports.nameIn', { locale: nameIn?.name ?? nameLocale })})
        </span>
      )}
    </a>
  );
}
