import { useMemo, useState } from 'react';
import type { ImageLibraryScreenData, LibraryImage } from '../../api/types';
import { t } from '../../i18n';
import { pageCount } from '../../lib/paging';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { ImageMetadataDialog } from '../../entities/media/images/ImageMetadataDialog';
import { imageApi } from '../../entities/media/images/api';
import type { ImageApi } from '../../entities/media/images/api';
import { DeleteMediaDialog } from '../../entities/media/common/DeleteMediaDialog';
import { useLibraryPage } from '../../entities/media/common/useLibraryPage';
import { Pager } from '../../ui/pager/Pager';
import { libraryApi } from './api';
import type { LibraryApi } from './api';
import { LibraryCard } from './components/LibraryCard';
import { LibraryFilters } from './components/LibraryFilters';
import { libraryAddress, rangeLabel } from './model';
import type { LibraryFilters as Filters } from './model';
import './library.css';

interface ImageLibraryScreenProps {
  data: ImageLibraryScreenData;
  api?: LibraryApi;
  images?: ImageApi;
}

/** The image library (beyond the spec): every image, searched, filtered by missing alt text. */
export function ImageLibraryScreen({
  data,
  api = libraryApi,
  images = imageApi,
}: ImageLibraryScreenProps) {
  const { locale, locales } = data;
  const { filters, results, loading, load, saved, deleted } = useLibraryPage({
    filters: data.filters,
    results: data.library,
    records: (page) => page.images,
    withRecords: (page, images) => ({ ...page, images }),
    search: (next: Filters) => api.search(next),
    address: (next) => libraryAddress(next, locale),
    title: t('imageLibrary.title'),
    loadFailed: t('imageLibrary.loadFailed'),
  });
  const [editing, setEditing] = useState<LibraryImage | null>(null);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);
  const localeOrder = useMemo(() => locales.map((item) => item.code), [locales]);

  const onDeleted = (image: LibraryImage) => {
    setDeleting(null);
    deleted(image, image.filename);
  };

  const pages = pageCount(results.total, results.per_page);
  const missingName = locales.find((item) => item.code === filters.missing_alt)?.name;
  return (
    <>
      <ScreenHeader
        data={data}
        localeHref={(code) => libraryAddress(filters, code)}
        section="images"
      />
      <main id={MAIN_ID} className="page-main library">
        <h1 className="page-title">{t('imageLibrary.title')}</h1>
        <LibraryFilters filters={filters} locales={locales} onChange={(next) => void load(next)} />
        <p className="library__summary" role="status">
          {results.total === 0
            ? missingName
              ? t('imageLibrary.allHaveAlt', { locale: missingName })
              : t('imageLibrary.none')
            : `${
                missingName
                  ? t('imageLibrary.countMissing', { count: results.total, locale: missingName })
                  : t('imageLibrary.count', { count: results.total })
              } · ${rangeLabel(results.page, results.per_page, results.total, results.images.length)}`}
        </p>
        <ul className="library__grid" aria-busy={loading}>
          {results.images.map((image) => (
            <LibraryCard
              key={image.id}
              image={image}
              locale={locale}
              localeOrder={localeOrder}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        <Pager
          list="images"
          page={filters.page}
          pages={pages}
          onPage={(page) => void load({ ...filters, page })}
        />
      </main>
      {editing && (
        <ImageMetadataDialog
          image={editing}
          locales={locales}
          api={images}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteMediaDialog
          kind="image"
          name={deleting.filename}
          remove={() => api.remove(deleting.id)}
          onDeleted={() => onDeleted(deleting)}
          onRefused={() => void load(filters)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
