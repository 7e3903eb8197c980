import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { nameRequiredMessage } from '../../../lib/page';

interface NameEditorProps {
  initialName: string;
  placeholder: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Inline name field of a tree row in edit mode; Enter saves, Escape cancels. */
export function NameEditor({ initialName, placeholder, onSave, onCancel }: NameEditorProps) {
  const [name, setName] = useState(initialName);
  // Shown after a save without a name: the editor's own message, not silence.
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const trimmed = name.trim();
  return (
    <form
      className="tree-row__editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A page needs a name to be found again in the tree (the server refuses one without).
        if (trimmed) onSave(trimmed);
        else setMissing(true);
      }}
    >
      <input
        className="input"
        aria-label={t('tree.pageName')}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? errorId : undefined}
        placeholder={placeholder}
        value={name}
        autoFocus
        required
        onChange={(event) => {
          setName(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      {/* Drawn labels: the buttons sit in the row, whose name is the page's (see RowActions). */}
      <button
        type="submit"
        className="button button--primary drawn-label"
        aria-label={t('tree.save')}
        data-label={t('tree.save')}
      />
      <button
        type="button"
        className="button drawn-label"
        aria-label={t('tree.cancel')}
        data-label={t('tree.cancel')}
        onClick={onCancel}
      />
      {missing && (
        <span className="tree-row__editor-error" id={errorId} role="alert">
          {t('tree.nameError', { message: nameRequiredMessage() })}
        </span>
      )}
    </form>
  );
}
