import { useMemo } from 'react';
import type { PageTreeScreenData } from '../../api/types';
import { localeDir } from '../../lib/initialData';
import { pageTreeUrl } from '../../lib/page';
import { AdminHeader } from '../../ui/AdminHeader';
import { useToast } from '../../ui/toast';
import { createTreeApi, toTreePage } from './api';
import type { TreeApi } from './api';
import { PageTree } from './components/PageTree';
import { ROOT_LABEL } from './components/TreeRow';
import { createTreeStore } from './store';
import './pageTree.css';

interface PageTreeScreenProps {
  data: PageTreeScreenData;
  api?: TreeApi;
  navigate?: (url: string) => void;
}

/** The 'All Pages' screen. */
export function PageTreeScreen({ data, api, navigate }: PageTreeScreenProps) {
  const toast = useToast();
  const localeOrder = useMemo(() => data.locales.map((locale) => locale.code), [data.locales]);
  const store = useMemo(
    () =>
      createTreeStore({
        pages: data.pages.map((page) => toTreePage(page, data.locale)),
        locale: data.locale,
        localeOrder,
        api: api ?? createTreeApi(data.locale),
        onError: (message, retry) => toast.error(message, retry && { label: 'Retry', run: retry }),
        onUndoable: (message, undo) => toast.notice(message, { label: 'Undo', run: undo }),
        storage: window.localStorage,
      }),
    [data, localeOrder, api, toast],
  );
  return (
    <>
      <AdminHeader
        locale={data.locale}
        locales={data.locales}
        localeHref={pageTreeUrl}
        username={data.user.username}
        logoutUrl={data.urls.logout}
        csrfToken={data.csrf_token}
      />
      <main className="page-main">
        <h1 className="page-title" id="page-tree-title">
          {ROOT_LABEL}
        </h1>
        <p className="page-tree-help" id="page-tree-help">
          Drag a page by its handle ⠿ up or down to reorder it, or sideways to put it under the page
          above or move it out. Keyboard: arrow keys browse, <kbd>Enter</kbd> opens the editor,{' '}
          <kbd>F2</kbd> renames, <kbd>Alt</kbd> + arrow keys move the page.
        </p>
        <PageTree
          store={store}
          locale={data.locale}
          localeOrder={localeOrder}
          dir={localeDir(data.locales, data.locale)}
          rootCanCreate={data.permissions.includes('create')}
          labelledBy="page-tree-title"
          describedBy="page-tree-help"
          navigate={navigate}
        />
      </main>
    </>
  );
}
