import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ImageLibraryPage, ImageLibraryScreenData, LibraryImage } from '../../api/types';
import { t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { ImageMetadataDialog } from '../../ui/images/ImageMetadataDialog';
import { imageApi } from '../../ui/images/api';
import type { ImageApi } from '../../ui/images/api';
import type { ImageRecord } from '../../ui/images/image';
import { DeleteMediaDialog } from '../../ui/media/DeleteMediaDialog';
import { useToast } from '../../ui/toast';
import { libraryApi } from './api';
import type { LibraryApi } from './api';
import { LibraryCard } from './components/LibraryCard';
import { LibraryFilters } from './components/LibraryFilters';
import { Pager } from './components/Pager';
import { libraryAddress, pageCount, rangeLabel } from './model';
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
  const toast = useToast();
  const [filters, setFilters] = useState<Filters>(data.filters);
  const [results, setResults] = useState<ImageLibraryPage>(data.library);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<LibraryImage | null>(null);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);
  const request = useRef(0);
  const localeOrder = useMemo(() => locales.map((item) => item.code), [locales]);

  useEffect(() => {
    document.title = `${t('imageLibrary.title')} · ${t('header.product')}`;
  }, []);

  const load = useCallback(
    async (next: Filters) => {
      const id = ++request.current;
      setFilters(next);
      setLoading(true);
      window.history.replaceState(null, '', libraryAddress(next, locale));
      try {
        const answer = await api.search(next);
        if (id === request.current) setResults(answer);
      } catch {
        if (id === request.current) toast.error(t('imageLibrary.loadFailed'));
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [api, locale, toast],
  );

  const onSaved = (image: ImageRecord) =>
    setResults((current) => ({
      ...current,
      images: current.images.map((item) => (item.id === image.id ? { ...item, ...image } : item)),
    }));

  // Gone from the list at once; the page is read again so it fills up and counts right (the
  // last image of a later page goes back one page).
  const onDeleted = (image: LibraryImage) => {
    setDeleting(null);
    setResults((current) => ({
      ...current,
      images: current.images.filter((item) => item.id !== image.id),
      total: Math.max(0, current.total - 1),
    }));
    toast.notice(t('media.deleted', { name: `\u2068${image.filename}\u2069` }));
    const emptied = results.images.length === 1 && filters.page > 1;
    void load({ ...filters, page: emptied ? filters.page - 1 : filters.page });
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
          onSaved={onSaved}
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
