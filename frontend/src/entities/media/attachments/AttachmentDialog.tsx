import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import { Modal } from '../../../ui/modal/Modal';
import type { AttachmentApi } from './api';
import { embedCode, fileKind, humanSize } from './attachment';
import type { AttachmentRecord } from './attachment';
import {
  DialogButtons,
  DialogError,
  EmbedCode,
  refusalText,
  textsFor,
} from '../common/EditorParts';
import './attachments.css';

interface AttachmentDialogProps {
  attachment: AttachmentRecord;
  locales: readonly Locale[];
  api: AttachmentApi;
  onSaved: (attachment: AttachmentRecord) => void;
  onClose: () => void;
}

/** The fields a refusal names, as the dialog labels them. */
const refusal = refusalText({ name: 'attachment.name', description: 'attachment.description' });

/**
 * The modal attachment editor (spec §2, §9): name and description in every locale, the file's
 * facts with a download link, and the embed code. Saves with PUT /admin/attachments/{id}.json;
 * a refusal's messages show in the dialog, which stays open.
 */
export function AttachmentDialog({
  attachment,
  locales,
  api,
  onSaved,
  onClose,
}: AttachmentDialogProps) {
  const formId = useId();
  const [name, setName] = useState(() => textsFor(locales, attachment.name));
  const [description, setDescription] = useState(() => textsFor(locales, attachment.description));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const code = embedCode(attachment.id);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors([]);
    const result = await api.update(attachment.id, { name, description });
    setSaving(false);
    if (result.kind === 'saved') {
      onSaved(result.attachment);
      onClose();
    } else if (result.kind === 'invalid') {
      setErrors(result.errors.map(refusal));
    } else {
      setErrors([t('attachment.saveFailed', { message: result.message })]);
    }
  };

  return (
    <Modal title={t('attachment.editTitle', { filename: attachment.filename })} onClose={onClose}>
      <form id={formId} className="attachment-editor" onSubmit={(event) => void save(event)}>
        <dl className="attachment-editor__facts" aria-label={t('attachment.facts')}>
          <dt>{t('attachment.filename')}</dt>
          <dd>{attachment.filename}</dd>
          <dt>{t('attachment.size')}</dt>
          <dd>{humanSize(attachment.byte_size)}</dd>
          <dt>{t('attachment.type')}</dt>
          <dd>
            {fileKind(attachment)}{' '}
            <span className="attachment-editor__muted">({attachment.content_type})</span>
          </dd>
          <dt>{t('attachment.download')}</dt>
          <dd>
            <a
              href={attachment.url}
              download={attachment.filename}
              aria-label={t('attachment.downloadNamed', { filename: attachment.filename })}
              dir="ltr"
            >
              {attachment.url}
            </a>
          </dd>
        </dl>
        {locales.map((locale) => {
          const nameId = `${formId}-name-${locale.code}`;
          const descriptionId = `${formId}-description-${locale.code}`;
          return (
            <fieldset key={locale.code} className="media-editor__locale">
              <legend lang={locale.code} dir={locale.dir}>
                {locale.name}
              </legend>
              <label htmlFor={nameId}>{t('attachment.name')}</label>
              <input
                id={nameId}
                className="input media-editor__input"
                lang={locale.code}
                dir={locale.dir}
                value={name[locale.code] ?? ''}
                onChange={(event) => setName({ ...name, [locale.code]: event.target.value })}
              />
              <label htmlFor={descriptionId}>{t('attachment.description')}</label>
              <textarea
                id={descriptionId}
                className="input media-editor__input"
                rows={2}
                lang={locale.code}
                dir={locale.dir}
                value={description[locale.code] ?? ''}
                onChange={(event) =>
                  setDescription({ ...description, [locale.code]: event.target.value })
                }
              />
            </fieldset>
          );
        })}
        <EmbedCode kind="attachment" code={code} />
        {errors.length > 0 && (
          <DialogError>
            {errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </DialogError>
        )}
        <DialogButtons kind="attachment" onClose={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
