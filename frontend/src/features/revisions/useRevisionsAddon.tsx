// The History panel as an editor add-on (features/pageEditor/addons.ts): a History button
// beside Save that opens the panel, and, after a restore that left media out, a warning under
// the top bar. The app composes it (app/editorAddons.tsx). What it needs of the editor is
// written here as a shape, which the editor's EditorAddonContext satisfies, so its tests drive
// it without rendering the editor.
import { useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import type { Author, Locale, Page, Template } from '../../api/types';
import { t } from '../../i18n';
import { contentLang } from '../../ui/contentLocale';
import { useToast } from '../../ui/toast';
import { createRevisionsApi } from './api';
import type { RevisionsApi } from './api';
import type { CompareContext } from './components/CompareDialog';
import { HistoryDrawer } from './components/HistoryDrawer';
import { MissingMediaBanner } from './components/MissingMediaBanner';
import type { MissingMedia, RestoredPage, Revision } from './types';
import { savedAt } from './words';
import './revisions.css';

/** What the History panel reads of the editor and asks of it. */
export interface RevisionsEditor {
  page: Pick<Page, 'id' | 'lock_version'>;
  dirty: boolean;
  /** Start over from a page the server answered (the restored one), in a locale. */
  replace: (page: Page, locale: string) => void;
  /** Load the page as it is now. */
  reload: () => Promise<void>;
}

export interface RevisionsAddonContext {
  data: { locales: Locale[]; templates: Template[]; authors: Author[] };
  editor: RevisionsEditor;
  /** The content locale the editor shows. */
  locale: string;
  readOnly: boolean;
}

export interface RevisionsAddonOptions {
  /** Listed apart at the top of the panel: the working copy and scheduled changes. */
  sections?: ReactNode;
  /** The calls (tests give their own). */
  createApi?: (locale: string, pageId: number) => RevisionsApi;
}

/** The History button (for the editor's actions) and the restore's warning (its banners). */
export function useRevisionsAddon(
  { data, editor, locale, readOnly }: RevisionsAddonContext,
  { sections, createApi = createRevisionsApi }: RevisionsAddonOptions = {},
): { actions?: ReactNode; banners?: ReactNode } {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState<MissingMedia | null>(null);
  const pageId = editor.page.id;
  const api = useMemo(
    () => (pageId === null ? null : createApi(locale, pageId)),
    [createApi, locale, pageId],
  );
  const context = useCompareContext(data);
  const { replace, reload } = editor;

  const onRestored = useCallback(
    (page: RestoredPage, revision: Revision) => {
      replace(page, locale);
      setOpen(false);
      // The restore is the news now: an earlier save's message waiting its turn is stale.
      toast.withdraw(t('editor.saved'));
      toast.notice(t('revisions.restore.done', { time: savedAt(revision) }));
      const left = { images: page.missing_image_ids, files: page.missing_attachment_ids };
      setMissing(left.images.length + left.files.length > 0 ? left : null);
    },
    [replace, locale, toast],
  );
  const onReload = useCallback(() => {
    setOpen(false);
    void reload();
  }, [reload]);

  // A new page has no history yet.
  if (!api) return {};
  return {
    actions: (
      <>
        <button
          type="button"
          className="button revisions-open"
          title={t('revisions.openHelp')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {t('revisions.open')}
        </button>
        {/* On the body: the panel is no part of the action bar it is opened from (its styles). */}
        {open &&
          createPortal(
            <HistoryDrawer
              api={api}
              context={context}
              lockVersion={editor.page.lock_version}
              dirty={editor.dirty}
              onRestored={readOnly ? null : onRestored}
              onReload={onReload}
              onClose={() => setOpen(false)}
              sections={sections}
            />,
            document.body,
          )}
      </>
    ),
    banners: missing && <MissingMediaBanner missing={missing} onDismiss={() => setMissing(null)} />,
  };
}

/** How the compare view names templates, authors and locales, and each locale's direction. */
function useCompareContext(data: RevisionsAddonContext['data']): CompareContext {
  const { locales, templates, authors } = data;
  return useMemo(
    () => ({
      templateName: (name) =>
        templates.find((template) => template.template_name === name)?.name ?? name,
      authorName: (id) => authors.find((author) => author.id === id)?.name ?? null,
      localeName: (code) => locales.find((item) => item.code === code)?.name ?? code,
      contentLang: (code) => contentLang(locales, code),
    }),
    [locales, templates, authors],
  );
}
