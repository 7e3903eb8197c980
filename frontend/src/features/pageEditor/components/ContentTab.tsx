import { t } from '../../../i18n';
import { TagEditor } from '../../../entities/tags/TagEditor';
import type { Editor } from '../hooks/useEditor';
import { BlockList } from './BlockList';
import { DatesSection } from './DatesSection';

/** One field per block of the template, then dates and tags when the template has them. */
export function ContentTab({ editor, locale }: { editor: Editor; locale: string }) {
  const { template } = editor;
  return (
    <div className="editor-fields">
      <BlockList blocks={template.blocks} editor={editor} />
      {template.dates && <DatesSection editor={editor} locale={locale} />}
      {template.tags && (
        <section className="editor-section" aria-label={t('tags.legend')}>
          <TagEditor
            id="tags"
            value={editor.draft.tags}
            error={editor.errors.serialized_tags}
            onChange={(tags) => editor.update((draft) => ({ ...draft, tags }))}
          />
        </section>
      )}
    </div>
  );
}
