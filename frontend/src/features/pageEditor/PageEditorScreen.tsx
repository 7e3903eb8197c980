// Placeholder page editor: breadcrumb, page name and a notice. The full
// editor (tabs, blocks, images, files) replaces the notice later.
import type { Page, Template } from '../../api/types';
import type { CommonInitialData } from '../../lib/initialData';
import { AdminHeader } from '../../ui/AdminHeader';
import { Breadcrumb } from './Breadcrumb';
import type { Crumb } from './Breadcrumb';

export interface PageEditorInitialData extends CommonInitialData {
  screen: 'pageEditor';
  page: Page;
  templates: Template[];
  authors: { id: number; name: string }[];
  tags: string[];
  parent_page_id: number | null;
}

export const NEW_PAGE_LABEL = 'New Page';

/** Return the page's name in the locale, or '' when it has none. */
export function localizedName(page: Page, locale: string): string {
  const name = page.blocks.name;
  if (typeof name === 'string') return name;
  return name?.[locale] ?? '';
}

function editorHref(data: PageEditorInitialData, locale: string): string {
  const base = `/admin/${encodeURIComponent(locale)}/pages`;
  if (data.page.id) return `${base}/${data.page.id}/edit${window.location.hash}`;
  return data.parent_page_id === null ? `${base}/new` : `${base}/new?parent=${data.parent_page_id}`;
}

export function PageEditorScreen({ data }: { data: PageEditorInitialData }) {
  const { page, locale } = data;
  const crumbs: Crumb[] = [
    { label: 'All Pages', href: data.urls.pages },
    ...page.ancestors.map((ancestor) => ({
      label: ancestor.name[locale] ?? '',
      href: `/admin/${encodeURIComponent(locale)}/pages/${ancestor.id}/edit`,
    })),
  ];
  const title = page.id ? localizedName(page, locale) || 'Untitled' : NEW_PAGE_LABEL;
  return (
    <>
      <AdminHeader
        locale={locale}
        locales={data.locales}
        localeHref={(code) => editorHref(data, code)}
        username={data.user.username}
        logoutUrl={data.urls.logout}
        csrfToken={data.csrf_token}
      />
      <main className="page-main">
        <Breadcrumb crumbs={crumbs} current={title} />
        <h1 className="page-title">{title}</h1>
        <p className="notice">The page editor is coming soon.</p>
      </main>
    </>
  );
}
