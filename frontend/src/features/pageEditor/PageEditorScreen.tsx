import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PageEditorScreenData } from '../../api/types';
import { editPageUrl, editorUrl, localizedName, pageTreeUrl } from '../../lib/page';
import { AdminHeader } from '../../ui/AdminHeader';
import { useToast } from '../../ui/toast';
import { createEditorApi } from './api';
import type { EditorApi } from './api';
import { ActionBar } from './components/ActionBar';
import { Breadcrumb } from './components/Breadcrumb';
import type { Crumb } from './components/Breadcrumb';
import { ConflictBanner } from './components/ConflictBanner';
import { EditorTabs } from './components/EditorTabs';
import { ErrorSummary } from './components/ErrorSummary';
import { SaveFailureBanner } from './components/SaveFailureBanner';
import { Sidebar } from './components/Sidebar';
import { TabPanel } from './components/TabPanel';
import { UNSAVED_CHANGES_MESSAGE } from './errors';
import { errorItems } from './fields';
import { useEditor } from './hooks/useEditor';
import { useLeaveGuard } from './hooks/useLeaveGuard';
import { useLocaleSwitch } from './hooks/useLocaleSwitch';
import { useTab } from './hooks/useTab';
import { blockValue, pageTitle } from './model';
import { submitPreview } from './preview';
import { tabStates } from './tabs';
import type { TabId } from './types';
import './pageEditor.css';

interface PageEditorScreenProps {
  data: PageEditorScreenData;
  api?: EditorApi;
  confirm?: (message: string) => boolean;
}

/** The page edit screen (spec §2): tabs of fields, Preview and Save, and the page options. */
export function PageEditorScreen({ data, api, confirm }: PageEditorScreenProps) {
  const { locales, templates } = data;
  const [locale, setLocale] = useState(data.locale);
  const toast = useToast();
  const editorApi = useMemo(() => api ?? createEditorApi(), [api]);
  const tabRef = useRef<TabId>('content');
  const onCreated = useCallback(
    (id: number) =>
      window.history.replaceState(null, '', editorUrl(locale, id, null, tabRef.current)),
    [locale],
  );
  const editor = useEditor({
    page: data.page,
    locale,
    templates,
    api: editorApi,
    toast,
    onCreated,
  });
  const states = useMemo(
    () => tabStates(editor.template, editor.unconfigured.length > 0),
    [editor.template, editor.unconfigured.length],
  );
  const [tab, selectTab] = useTab(states);
  useEffect(() => {
    tabRef.current = tab;
  }, [tab]);
  useLeaveGuard(editor.dirty, UNSAVED_CHANGES_MESSAGE, confirm);
  useSaveShortcut(editor.save);

  const { page } = editor;
  const localeCodes = useMemo(() => locales.map((item) => item.code), [locales]);
  const parentId = page.id ? null : data.parent_page_id;
  const address = useCallback(
    (code: string, id: number | null) => editorUrl(code, id, parentId, tabRef.current),
    [parentId],
  );
  const onLocaleClick = useLocaleSwitch({
    locale,
    setLocale,
    locales,
    editor,
    api: editorApi,
    toast,
    confirm: confirm ?? askBrowser,
    address,
  });
  const savedName = blockValue(page.blocks, 'name', locale);
  const title = pageTitle(page.id, localizedName(page.blocks.name, locale, localeCodes).text);
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  const crumbs: Crumb[] = [
    { label: 'All Pages', href: pageTreeUrl(locale) },
    ...page.ancestors.map((ancestor) => {
      const name = localizedName(ancestor.name, locale, localeCodes);
      return {
        label: name.text,
        href: editPageUrl(locale, ancestor.id),
        fallback: name.fallback ? { locale: name.locale } : undefined,
      };
    }),
  ];
  const errors = errorItems(editor.errors, editor.template, editor.unconfigured);
  const tabsWithErrors = new Set(errors.flatMap((item) => (item.tab ? [item.tab] : [])));
  const preview = () =>
    submitPreview({
      locale,
      csrfToken: data.csrf_token,
      pageId: page.id,
      payload: editor.previewPayload(),
    });

  return (
    <>
      <AdminHeader
        locale={locale}
        locales={locales}
        localeHref={(code) => editorUrl(code, page.id, parentId, tab)}
        onLocaleClick={onLocaleClick}
        username={data.user.username}
        logoutUrl={data.urls.logout}
        csrfToken={data.csrf_token}
      />
      <main className="page-main editor">
        <div className="editor-top">
          <div className="editor-top__bar">
            <div className="editor-top__title">
              <Breadcrumb crumbs={crumbs} current={title} />
              <h1 className="page-title">{title}</h1>
            </div>
            <ActionBar
              unsaved={!page.id}
              dirty={editor.dirty}
              saving={editor.saving}
              onPreview={preview}
              onSave={() => void editor.save()}
            />
          </div>
          {editor.conflict && (
            <ConflictBanner
              conflict={editor.conflict}
              busy={editor.saving}
              onReload={() => void editor.reload()}
              onSaveAnyway={() => void editor.save(editor.conflict?.lockVersion)}
            />
          )}
          {editor.failure && <SaveFailureBanner failure={editor.failure} />}
        </div>
        {page.id !== null && !savedName && (
          <p className="editor-note">
            This page has no {localeName(data, locale)} version yet. Fill in the fields and save to
            add it.
          </p>
        )}
        <ErrorSummary items={errors} onOpen={selectTab} />
        <div className="editor-layout">
          <section className="editor-main" aria-label="Page content">
            <EditorTabs
              current={tab}
              states={states}
              onSelect={selectTab}
              withErrors={tabsWithErrors}
            />
            <TabPanel
              tab={tab}
              editor={editor}
              locale={locale}
              locales={localeCodes}
              localeList={locales}
            />
          </section>
          <Sidebar editor={editor} templates={templates} authors={data.authors} locale={locale} />
        </div>
      </main>
    </>
  );
}

function localeName(data: PageEditorScreenData, code: string): string {
  return data.locales.find((locale) => locale.code === code)?.name ?? code;
}

const askBrowser = (message: string): boolean => window.confirm(message);

/** Ctrl/Cmd+S saves. */
function useSaveShortcut(save: () => Promise<void>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [save]);
}
