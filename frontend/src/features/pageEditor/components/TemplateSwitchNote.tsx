import { useMemo } from 'react';
import type { Template } from '../../../api/types';
import type { Editor } from '../hooks/useEditor';
import { findTemplate } from '../model';
import { templateSwitchNotes } from '../templateSwitch';
import './templateSwitch.css';

export const TEMPLATE_NOTE_ID = 'template-switch-note';

/** Beside the template select: what saving will clear or move after a template switch. */
export function TemplateSwitchNote({
  editor,
  templates,
}: {
  editor: Editor;
  templates: readonly Template[];
}) {
  const { saved, draft, template } = editor;
  const notes = useMemo(
    () =>
      templateSwitchNotes({
        from: findTemplate(templates, saved.template),
        to: template,
        templates,
        saved,
        draft,
      }),
    [templates, saved, draft, template],
  );
  // Always rendered, so a screen reader hears the note when a switch fills it.
  return (
    <div id={TEMPLATE_NOTE_ID} className="editor-template-note" role="status">
      {notes.map((note) => (
        <p key={note} className="editor-template-note__item">
          <span aria-hidden="true">⚠ </span>
          {note}
        </p>
      ))}
    </div>
  );
}
