import { useCallback, useMemo, useState } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import { AttachmentDialog } from '../../../entities/media/attachments/AttachmentDialog';
import { AttachmentList } from '../../../entities/media/attachments/AttachmentList';
import { AttachmentPicker } from '../../../entities/media/attachments/AttachmentPicker';
import { AttachmentsEmbedHelper } from '../../../entities/media/embeds/EmbedHelpers';
import { attachmentApi } from '../../../entities/media/attachments/api';
import type { AttachmentApi } from '../../../entities/media/attachments/api';
import { attachmentLabel } from '../../../entities/media/attachments/attachment';
import type { AttachmentRecord } from '../../../entities/media/attachments/attachment';
import {
  addAttachment,
  findAttachment,
  listFiles,
  moveItem,
  removeItem,
  replaceAttachment,
  restoreItem,
} from '../../../entities/media/attachments/list';
import type { AttachmentListState } from '../../../entities/media/attachments/list';
import { useAttachmentUploads } from '../../../entities/media/attachments/useAttachmentUploads';
import { contentLang } from '../../../ui/contentLocale';
import { useToast } from '../../../ui/toast';
import type { Editor } from '../hooks/useEditor';

/** The attribute of the server's errors about the page's files. */
const FILES_ATTRIBUTE = 'page_files_attributes';

interface FilesTabProps {
  editor: Pick<Editor, 'draft' | 'update' | 'errors'>;
  /** The content locale: whose names show. */
  locale: string;
  locales: readonly Locale[];
  api?: AttachmentApi;
}

/** The Files tab (spec §2): the page's attachments list, uploads and the attachment editor. */
export function FilesTab({ editor, locale, locales, api = attachmentApi }: FilesTabProps) {
  const { update } = editor;
  const list = editor.draft.files;
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const change = useCallback(
    (next: (state: AttachmentListState) => AttachmentListState) =>
      update((draft) => ({ ...draft, files: next(draft.files) })),
    [update],
  );
  const codes = useMemo(() => locales.map((item) => item.code), [locales]);
  const upload = useAttachmentUploads(change, api, codes);
  const files = listFiles(list);
  const edited = files.find((item) => item.key === editing);
  const lang = contentLang(locales, locale);
  const serverError = editor.errors[FILES_ATTRIBUTE];

  /** Add a file from the library; one the page lists already is refused (spec §3). */
  const add = (attachment: AttachmentRecord): boolean => {
    const outcome = addAttachment(list, attachment);
    if (outcome.kind === 'duplicate') {
      toast.error(t('files.duplicate', { name: attachmentLabel(attachment, locale) }));
      return false;
    }
    change(() => outcome.state);
    return true;
  };
  const restore = (key: string) => {
    const removed = list.destroyed.find((item) => item.key === key);
    if (removed && findAttachment(list, removed.attachment.id)) {
      toast.error(t('files.duplicate', { name: attachmentLabel(removed.attachment, locale) }));
      return;
    }
    change((state) => restoreItem(state, key));
  };

  return (
    <section className="files-tab" aria-labelledby="files-heading">
      <h3 id="files-heading" className="files-tab__heading">
        {t('files.heading')} <span className="files-tab__count">({list.items.length})</span>
      </h3>
      <AttachmentList
        state={list}
        locale={locale}
        contentLang={lang}
        onFiles={upload}
        onEdit={setEditing}
        onRemove={(key) => change((state) => removeItem(state, key))}
        onRestore={restore}
        onMove={(active, over) => change((state) => moveItem(state, active, over))}
        error={serverError ? t('files.serverError', { message: serverError }) : undefined}
        actions={
          <button type="button" className="button button--link" onClick={() => setPicking(true)}>
            {t('files.fromLibrary')}
          </button>
        }
      />
      {files.length > 1 && (
        <AttachmentsEmbedHelper
          files={files.map((item) => ({
            id: item.attachment.id,
            label: attachmentLabel(item.attachment, locale),
          }))}
          lang={lang}
        />
      )}
      {edited && (
        <AttachmentDialog
          attachment={edited.attachment}
          locales={locales}
          api={api}
          onSaved={(attachment) => change((state) => replaceAttachment(state, attachment))}
          onClose={() => setEditing(null)}
        />
      )}
      {picking && (
        <AttachmentPicker
          api={api}
          locale={locale}
          locales={locales}
          listed={(id) => Boolean(findAttachment(list, id))}
          onPick={add}
          onClose={() => setPicking(false)}
        />
      )}
    </section>
  );
}
