import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import { contentLang } from '../../../ui/contentLocale';
import { DialogError } from '../common/EditorParts';
import { Modal } from '../../../ui/modal/Modal';
import type { AttachmentApi, AttachmentLibraryPage } from './api';
import { attachmentLabel, humanSize } from './attachment';
import type { AttachmentRecord } from './attachment';
import { FileSearchForm } from './FileSearchForm';
import '../common/media.css';
import './attachments.css';

interface AttachmentPickerProps {
  api: AttachmentApi;
  locale: string;
  locales: readonly Locale[];
  /** Whether the page lists the attachment already. */
  listed: (id: number) => boolean;
  /** Add one to the page; false when it was refused. */
  onPick: (attachment: AttachmentRecord) => boolean;
  onClose: () => void;
}

/**
 * Add files the library holds already (GET /admin/attachments.json): a search by name or
 * filename; a file the page lists is marked and cannot be added a second time.
 */
export function AttachmentPicker({
  api,
  locale,
  locales,
  listed,
  onPick,
  onClose,
}: AttachmentPickerProps) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AttachmentLibraryPage | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);
  const lang = contentLang(locales, locale);

  const search = async (q: string) => {
    const id = ++request.current;
    setFailed(false);
    try {
      const answer = await api.search(q, 1);
      if (id === request.current) setResults(answer);
    } catch {
      if (id === request.current) setFailed(true);
    }
  };
  // The first page of everything, once (a search typed meanwhile wins).
  useEffect(() => {
    const id = request.current;
    api.search('', 1).then(
      (answer) => {
        if (id === request.current) setResults(answer);
      },
      () => {
        if (id === request.current) setFailed(true);
      },
    );
  }, [api]);

  return (
    <Modal title={t('files.picker.title')} onClose={onClose}>
      <div className="attachment-picker">
        <FileSearchForm
          className="attachment-picker__search"
          query={query}
          onQuery={setQuery}
          onSearch={() => void search(query)}
        />
        {failed && (
          <DialogError>
            <p>{t('fileLibrary.loadFailed')}</p>
          </DialogError>
        )}
        {results && results.attachments.length === 0 && (
          <p className="attachment-list__empty" role="status">
            {query.trim()
              ? t('fileLibrary.noMatch', { query: query.trim() })
              : t('fileLibrary.none')}
          </p>
        )}
        {results && results.attachments.length > 0 && (
          <ul className="attachment-picker__list" aria-busy={false}>
            {results.attachments.map((attachment) => {
              const label = attachmentLabel(attachment, locale);
              const named = Boolean(attachment.name[locale]?.trim());
              const onPage = listed(attachment.id);
              return (
                <li key={attachment.id} className="attachment-picker__item">
                  <div className="attachment-row__main">
                    <p className="attachment-row__name" {...(named ? lang : {})}>
                      {label}
                    </p>
                    <p className="media-facts">
                      <span className="attachment-row__filename">{attachment.filename}</span>
                      <span>{humanSize(attachment.byte_size)}</span>
                    </p>
                  </div>
                  {onPage ? (
                    <span className="attachment-picker__listed">{t('files.picker.listed')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('files.picker.addNamed', { name: label })}
                      onClick={() => {
                        if (onPick(attachment)) onClose();
                      }}
                    >
                      {t('files.picker.add')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}
