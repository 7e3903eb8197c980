import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DragEvent, ReactNode } from 'react';
import type { PageEditorScreenData } from '../../api/types';
import { editPageUrl, editorUrl, localizedName, pageTreeUrl } from '../../lib/page';
import { t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { ContentLocaleProvider, contentLang } from '../../ui/contentLocale';
import { useToast } from '../../ui/toast';
import { translationStates } from '../../lib/translations';
import { BlockPartsContext, noAddons } from './addons';
import type { UseEditorAddons } from './addons';
import { createEditorApi } from './api';
import type { EditorApi } from './api';
import { ActionBar } from './components/ActionBar';
import { Breadcrumb } from './components/Breadcrumb';
import type { Crumb } from './components/Breadcrumb';
import { ConflictBanner } from './components/ConflictBanner';
import { EditorTabs } from './components/EditorTabs';
import { ErrorSummary } from './components/ErrorSummary';
import { HistoryPanel } from './components/HistoryPanel';
import { ReadOnlyNote } from './components/ReadOnlyNote';
import { SaveFailureBanner } from './components/SaveFailureBanner';
import { Sidebar } from './components/Sidebar';
import { TabPanel } from './components/TabPanel';
import { UNSAVED_CHANGES_MESSAGE } from './errors';
import { errorItems, focusField } from './fields';
import { useEditor } from './hooks/useEditor';
import type { Editor } from './hooks/useEditor';
import { useLeaveGuard } from './hooks/useLeaveGuard';
import { useLocaleSwitch } from './hooks/useLocaleSwitch';
import { useTab } from './hooks/useTab';
import { blockValue, pageTitle } from './model';
import { submitPreview } from './preview';
import { tabStates } from './tabs';
import type { ErrorItem, TabId } from './types';
import './pageEditor.css';

interface PageEditorScreenProps {
  data: PageEditorScreenData;
  api?: EditorApi;
  confirm?: (message: string) => boolean;
  /** What the app adds (working copy, presence, scheduling): see addons.ts. */
  useAddons?: UseEditorAddons;
}

/** The page edit screen (spec §2): tabs of fields, Preview and Save, and the page options. */
export function PageEditorScreen({
  data,
  api,
  confirm,
  useAddons = noAddons,
}: PageEditorScreenProps) {
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
  const { page } = editor;
  // Spec §6: without 'edit' on the page (or 'create' where a new one would go) it is only shown;
  // 'submit' without 'edit' writes it too, and submits what visitors would see (DESIGN §3).
  // A new page: `create` and `submit` where it goes; its first publication is submitted too.
  const submitOnly =
    page.permissions.includes('submit') &&
    !page.permissions.includes('edit') &&
    (page.id !== null || page.permissions.includes('create'));
  const readOnly = !submitOnly && !page.permissions.includes(page.id === null ? 'create' : 'edit');
  const shown = useMemo(() => (readOnly ? frozen(editor) : editor), [readOnly, editor]);
  useLeaveGuard(editor.dirty, UNSAVED_CHANGES_MESSAGE, confirm);
  const addons = useAddons({ data, editor, locale, readOnly, submitOnly });
  // An add-on may ask first (a scheduled change the save would stop: features/scheduling).
  const { beforeSave } = addons;
  const { save: saveNow } = editor;
  const save = useCallback(async () => {
    if (!beforeSave || beforeSave()) await saveNow();
  }, [beforeSave, saveNow]);
  useSaveShortcut(readOnly ? null : save);

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
  const localeStates = useMemo(() => translationStates(page), [page]);
  const savedName = blockValue(page.blocks, 'name', locale);
  const shownName = localizedName(page.blocks.name, locale, localeCodes);
  const title = pageTitle(page.id, shownName.text);
  // The content fields speak the content locale; the chrome around them the interface language.
  const content = useMemo(() => contentLang(locales, locale), [locales, locale]);
  const titleLang = page.id && shownName.text ? contentLang(locales, shownName.locale) : undefined;
  useEffect(() => {
    document.title = `${title} · ${t('header.product')}`;
  }, [title]);
  const crumbs: Crumb[] = [
    { label: t('tree.title'), href: pageTreeUrl(locale) },
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
  // The field's tab first, rendered at once, so the field is there to take the focus.
  const openField = (item: ErrorItem) => {
    const { tab: fieldTab, field } = item;
    if (fieldTab) flushSync(() => selectTab(fieldTab));
    if (field) focusField(field);
  };
  const preview = () =>
    submitPreview({
      locale,
      csrfToken: data.csrf_token,
      pageId: page.id,
      payload: editor.previewPayload(),
    });

  return (
    <>
      <ScreenHeader
        data={data}
        locale={locale}
        localeHref={(code) => editorUrl(code, page.id, parentId, tab)}
        onLocaleClick={onLocaleClick}
        localeStates={localeStates}
      />
      <ContentLocaleProvider value={content}>
        <main id={MAIN_ID} className="page-main editor">
          <div className="editor-top">
            <div className="editor-top__bar">
              <div className="editor-top__title">
                <Breadcrumb crumbs={crumbs} current={title} />
                {/* The heading lines up with the breadcrumb in the chrome's direction; its
                    words, the page's name, read in the content's own direction. */}
                <h1 className="page-title">
                  <span {...titleLang}>{title}</span>
                </h1>
                {addons.header}
              </div>
              <ActionBar
                unsaved={!page.id}
                dirty={editor.dirty}
                saving={editor.saving}
                readOnly={readOnly}
                onPreview={preview}
                onSave={() => void save()}
                extra={addons.actions}
                saveButton={addons.saveButton}
              />
            </div>
            {editor.conflict && (
              <ConflictBanner
                conflict={editor.conflict}
                busy={editor.saving}
                onReload={() => void editor.reload()}
                onSaveAnyway={() => void editor.saveAnyway()}
              />
            )}
            {editor.failure && <SaveFailureBanner failure={editor.failure} />}
          </div>
          {addons.banners}
          {readOnly && <ReadOnlyNote isNew={page.id === null} />}
          {page.id !== null && !savedName && !readOnly && (
            <p className="editor-note">
              {t('editor.noVersion', { locale: localeName(data, locale) })}
            </p>
          )}
          <ErrorSummary items={errors} onOpen={openField} />
          <div className="editor-layout">
            <section className="editor-main" aria-label={t('editor.pageContent')}>
              <EditorTabs
                current={tab}
                states={states}
                onSelect={selectTab}
                withErrors={tabsWithErrors}
              />
              {(tab === 'content' || tab === 'metadata') && addons.toolbar}
              <ReadOnlyFieldset readOnly={readOnly}>
                <BlockPartsContext.Provider value={addons.blockParts ?? noBlockParts}>
                  <TabPanel
                    tab={tab}
                    editor={shown}
                    locale={locale}
                    locales={localeCodes}
                    localeList={locales}
                  />
                </BlockPartsContext.Provider>
              </ReadOnlyFieldset>
            </section>
            <div className="editor-side">
              <ReadOnlyFieldset readOnly={readOnly}>
                <Sidebar
                  editor={shown}
                  templates={templates}
                  authors={data.authors}
                  locale={locale}
                />
              </ReadOnlyFieldset>
              {addons.sidebar}
              {page.id !== null && (
                <HistoryPanel
                  pageId={page.id}
                  locale={locale}
                  version={page.lock_version}
                  localeName={(code) => localeName(data, code)}
                  templates={templates}
                />
              )}
            </div>
          </div>
        </main>
      </ContentLocaleProvider>
    </>
  );
}

function localeName(data: PageEditorScreenData, code: string): string {
  return data.locales.find((locale) => locale.code === code)?.name ?? code;
}

const noBlockParts = () => ({});

const askBrowser = (message: string): boolean => window.confirm(message);

/** The editor with every change ignored: a page the user may not edit is only shown. */
function frozen(editor: Editor): Editor {
  const ignore = () => undefined;
  const nothing = async () => undefined;
  return { ...editor, update: ignore, setMetaImage: ignore, save: nothing, saveAnyway: nothing };
}

/**
 * Fields inside are disabled while the page is read-only (the native `disabled` of a fieldset
 * reaches every control), and files dropped on them are refused rather than uploaded.
 */
function ReadOnlyFieldset({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children;
  const refuse = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'none';
  };
  return (
    <fieldset
      className="editor-readonly"
      disabled
      onDragOverCapture={refuse}
      onDropCapture={refuse}
    >
      {children}
    </fieldset>
  );
}

/** Ctrl/Cmd+S saves (null: nothing to save, the page is read-only). */
function useSaveShortcut(save: (() => Promise<void>) | null): void {
  useEffect(() => {
    if (!save) return;
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
