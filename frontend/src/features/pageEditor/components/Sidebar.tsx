import { language, t } from '../../../i18n';
import type { Author, Template } from '../../../api/types';
import { PAGE_STATUSES, STATUS_LABELS, STATUS_PUBLISHED, isPageStatus } from '../../../lib/page';
import { DateTimeInput } from '../../../ui/dateRange/DateTimeInput';
import { parseIso } from '../../../ui/dateRange/dates';
import { FormField } from '../../../ui/form/FormField';
import type { Editor } from '../hooks/useEditor';
import {
  PUBLISH_LATER_NOTE,
  changeStatus,
  changeTemplate,
  findTemplate,
  publishesLater,
  toIso,
} from '../model';
import type { Draft } from '../types';
import { SidebarText } from './SidebarText';
import { TEMPLATE_NOTE_ID, TemplateSwitchNote } from './TemplateSwitchNote';

interface SidebarProps {
  editor: Editor;
  templates: Template[];
  authors: Author[];
  locale: string;
}

type Flag = 'feed_enabled' | 'news_page' | 'pinned' | 'skip_index';
const FLAGS: [Flag, string][] = [
  ['feed_enabled', t('editor.field.feed_enabled')],
  ['news_page', t('editor.field.news_page')],
  ['pinned', t('editor.field.pinned')],
  ['skip_index', t('editor.field.skip_index')],
];

/** The page options beside the editor: status, dates, template, author and switches. */
export function Sidebar({ editor, templates, authors }: SidebarProps) {
  const { draft, errors } = editor;
  const set = (change: (draft: Draft) => Draft) => editor.update(change);
  const publishedAt = parseIso(draft.published_at);
  return (
    <aside className="editor-sidebar" aria-label={t('editor.pageOptions')}>
      <FormField id="status" label={t('editor.field.status')} error={errors.status}>
        {(aria) => (
          <select
            {...aria}
            className="input"
            value={draft.status}
            onChange={(e) => {
              const status = Number(e.target.value);
              if (isPageStatus(status)) set((d) => changeStatus(d, status, new Date()));
            }}
          >
            {PAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {draft.status === STATUS_PUBLISHED && publishedAt && (
        <div>
          <DateTimeInput
            id="published_at"
            label={t('editor.field.published_at')}
            value={publishedAt}
            showTime
            locale={language()}
            error={errors.published_at}
            onChange={(date) => set((d) => ({ ...d, published_at: toIso(date) }))}
          />
          {publishesLater(draft, new Date()) && (
            <p className="editor-later">{PUBLISH_LATER_NOTE}</p>
          )}
        </div>
      )}
      <FormField id="template" label={t('editor.field.template')} error={errors.template}>
        {(aria) => (
          <select
            {...aria}
            aria-describedby={[aria['aria-describedby'], TEMPLATE_NOTE_ID]
              .filter(Boolean)
              .join(' ')}
            className="input"
            value={draft.template}
            onChange={(e) => {
              const template = findTemplate(templates, e.target.value);
              set((d) => changeTemplate(d, template));
            }}
          >
            {templates.map((template) => (
              <option key={template.template_name} value={template.template_name}>
                {template.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TemplateSwitchNote editor={editor} templates={templates} />
      <FormField id="user_id" label={t('editor.field.user_id')} error={errors.user_id}>
        {(aria) => (
          <select
            {...aria}
            className="input"
            value={draft.user_id ?? ''}
            onChange={(e) => {
              const userId = e.target.value ? Number(e.target.value) : null;
              set((d) => ({ ...d, user_id: userId }));
            }}
          >
            <option value="">{t('editor.noAuthor')}</option>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SidebarText editor={editor} />
      <fieldset className="editor-flags">
        <legend className="visually-hidden">{t('editor.options')}</legend>
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              id={`flag-${flag}`}
              checked={draft[flag]}
              onChange={(e) => {
                const checked = e.target.checked;
                set((d) => ({ ...d, [flag]: checked }));
              }}
            />
            {label}
            {errors[flag] && <span className="form-field__error">{errors[flag]}</span>}
          </label>
        ))}
      </fieldset>
    </aside>
  );
}
