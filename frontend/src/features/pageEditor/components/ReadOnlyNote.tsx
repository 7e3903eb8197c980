import { t } from '../../../i18n';

/** Why the fields can't be changed: the user holds no 'edit' on the page (or no 'create' here). */
export function ReadOnlyNote({ isNew }: { isNew: boolean }) {
  return (
    <p className="editor-readonly-note" role="note">
      <strong>{t(isNew ? 'editor.readOnly.newTitle' : 'editor.readOnly.title')}</strong>{' '}
      {t(isNew ? 'editor.readOnly.newBody' : 'editor.readOnly.body')}
    </p>
  );
}
