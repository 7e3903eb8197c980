import { useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { components } from '../../api/generated/schema';
import type { Locale } from '../../api/types';
import { t } from '../../i18n';
import { editPageUrl, localizedName } from '../../lib/page';
import { pageCount } from '../../lib/paging';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { AttachmentDialog } from '../../entities/media/attachments/AttachmentDialog';
import { attachmentApi } from '../../entities/media/attachments/api';
import type { AttachmentApi, LibraryAttachment } from '../../entities/media/attachments/api';
import { attachmentLabel, fileKind, humanSize } from '../../entities/media/attachments/attachment';
import { FileSearchForm } from '../../entities/media/attachments/FileSearchForm';
import { contentLang } from '../../ui/contentLocale';
import type { ContentLang } from '../../ui/contentLocale';
import { DeleteMediaDialog } from '../../entities/media/common/DeleteMediaDialog';
import { deleteMedium } from '../../entities/media/common/deletion';
import type { DeleteResult } from '../../entities/media/common/deletion';
import { useLibraryPage } from '../../entities/media/common/useLibraryPage';
import { Pager } from '../../ui/pager/Pager';
import { useToast } from '../../ui/toast';
import { fileLibraryAddress, summary } from './model';
import type { FileLibraryFilters } from './model';
import '../../entities/media/common/media.css';
import './fileLibrary.css';

export type FileLibraryScreenData = components['schemas']['FileLibraryScreenOut'];

interface FileLibraryScreenProps {
  data: FileLibraryScreenData;
  api?: AttachmentApi;
  /** Delete a file no page shows. */
  remove?: (id: number) => Promise<DeleteResult>;
}

const removeAttachment = (id: number) => deleteMedium('attachment', id);

/**
 * The file library (beyond the spec): every attachment, searched by name in any locale and by
 * filename, a page at a time; the attachment editor, the pages using each file, and replacing a
 * file's content while keeping its address.
 */
export function FileLibraryScreen({
  data,
  api = attachmentApi,
  remove = removeAttachment,
}: FileLibraryScreenProps) {
  const { locale, locales } = data;
  const toast = useToast();
  const { filters, results, loading, load, saved, deleted } = useLibraryPage({
    filters: data.filters,
    results: data.library,
    records: (page) => page.attachments,
    withRecords: (page, attachments) => ({ ...page, attachments }),
    search: (next: FileLibraryFilters) => api.search(next.q, next.page),
    address: (next) => fileLibraryAddress(next, locale),
    title: t('fileLibrary.title'),
    loadFailed: t('fileLibrary.loadFailed'),
  });
  const [query, setQuery] = useState(data.filters.q);
  const [editing, setEditing] = useState<LibraryAttachment | null>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<LibraryAttachment | null>(null);
  const localeOrder = useMemo(() => locales.map((item) => item.code), [locales]);
  const lang = contentLang(locales, locale);

  const replace = async (attachment: LibraryAttachment, file: File) => {
    const name = attachmentLabel(attachment, locale);
    setReplacing(attachment.id);
    const result = await api.replaceFile(attachment.id, file, () => undefined);
    setReplacing(null);
    if (result.kind === 'uploaded') {
      saved(result.attachment);
      toast.notice(t('fileLibrary.replaced', { name }));
    } else {
      toast.error(t('fileLibrary.replaceFailed', { name, error: result.error }));
    }
  };

  const onDeleted = (attachment: LibraryAttachment) => {
    setDeleting(null);
    deleted(attachment, attachmentLabel(attachment, locale));
  };

  const pages = pageCount(results.total, results.per_page);
  return (
    <>
      <ScreenHeader
        data={data}
        localeHref={(code) => fileLibraryAddress(filters, code)}
        section="files"
      />
      <main id={MAIN_ID} className="page-main file-library">
        <h1 className="page-title">{t('fileLibrary.title')}</h1>
        <FileSearchForm
          className="file-library__search"
          query={query}
          onQuery={setQuery}
          onSearch={() => void load({ q: query, page: 1 })}
        />
        <p className="file-library__summary" role="status">
          {summary(results, filters.q)}
        </p>
        <ul className="file-library__list" aria-busy={loading}>
          {results.attachments.map((attachment) => (
            <LibraryRow
              key={attachment.id}
              attachment={attachment}
              locale={locale}
              locales={locales}
              localeOrder={localeOrder}
              lang={lang}
              replacing={replacing === attachment.id}
              onEdit={setEditing}
              onDelete={setDeleting}
              onReplace={(file) => void replace(attachment, file)}
            />
          ))}
        </ul>
        <Pager
          list="files"
          className="file-library__pager"
          page={filters.page}
          pages={pages}
          onPage={(page) => void load({ ...filters, page })}
        />
      </main>
      {editing && (
        <AttachmentDialog
          attachment={editing}
          locales={locales}
          api={api}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteMediaDialog
          kind="attachment"
          name={attachmentLabel(deleting, locale)}
          remove={() => remove(deleting.id)}
          onDeleted={() => onDeleted(deleting)}
          onRefused={() => void load(filters)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

interface LibraryRowProps {
  attachment: LibraryAttachment;
  locale: string;
  locales: readonly Locale[];
  localeOrder: readonly string[];
  lang: ContentLang;
  replacing: boolean;
  onEdit: (attachment: LibraryAttachment) => void;
  /** Offered for files no page shows. */
  onDelete: (attachment: LibraryAttachment) => void;
  onReplace: (file: File) => void;
}

function LibraryRow({
  attachment,
  locale,
  locales,
  localeOrder,
  lang,
  replacing,
  onEdit,
  onDelete,
  onReplace,
}: LibraryRowProps) {
  const label = attachmentLabel(attachment, locale);
  const named = Boolean(attachment.name[locale]?.trim());
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onReplace(file);
  };
  return (
    <li className="file-library__item" aria-busy={replacing}>
      <div className="file-library__text">
        <p className="file-library__name" {...(named ? lang : {})}>
          {label}
        </p>
        <p className="media-facts">
          <a href={attachment.url} className="file-library__filename">
            {attachment.filename}
          </a>
          <span>{fileKind(attachment)}</span>
          <span>{humanSize(attachment.byte_size)}</span>
        </p>
        {attachment.pages.length === 0 ? (
          <p className="file-library__pages file-library__pages--none">{t('fileLibrary.unused')}</p>
        ) : (
          <div className="file-library__pages">
            <span>{t('fileLibrary.usedOn')}</span>
            <ul>
              {attachment.pages.map((page) => {
                const name = localizedName(page.name, locale, localeOrder);
                const nameLang = name.fallback ? contentLang(locales, name.locale) : lang;
                return (
                  <li key={page.id}>
                    <a
                      href={editPageUrl(locale, page.id, 'files')}
                      {...(name.text ? nameLang : {})}
                    >
                      {name.text || t('fileLibrary.untitled')}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
      <div className="file-library__actions">
        <button
          type="button"
          className="button"
          aria-label={t('files.editNamed', { name: label })}
          onClick={() => onEdit(attachment)}
        >
          {t('files.edit')}
        </button>
        <label className="button" aria-disabled={replacing}>
          {replacing ? t('fileLibrary.replacing') : t('fileLibrary.replace')}
          <input
            type="file"
            className="visually-hidden"
            aria-label={t('fileLibrary.replaceNamed', { name: label })}
            disabled={replacing}
            onChange={onPick}
          />
        </label>
        {attachment.pages.length === 0 && (
          <button
            type="button"
            className="button button--link button--danger"
            aria-label={t('media.deleteNamed', { name: label })}
            onClick={() => onDelete(attachment)}
          >
            {t('media.delete')}
          </button>
        )}
      </div>
    </li>
  );
}
