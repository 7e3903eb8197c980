import { t } from '../../../i18n';
import { UNTITLED_LABEL } from '../../../lib/page';

export interface Crumb {
  label: string;
  href: string;
  /** The label is the name in another locale (the page has none in this one yet). */
  fallback?: { locale: string };
}

/** Ancestor links ending with the current page; a name from another locale is set in italics. */
export function Breadcrumb({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return (
    <nav aria-label={t('editor.breadcrumb')} className="breadcrumb">
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            <a href={crumb.href}>
              {crumb.fallback && crumb.label ? (
                <i className="breadcrumb__fallback" lang={crumb.fallback.locale}>
                  {crumb.label}
                </i>
              ) : (
                crumb.label || UNTITLED_LABEL
              )}
            </a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
