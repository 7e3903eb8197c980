export interface Crumb {
  label: string;
  href: string;
}

/** Ancestor links ending with the current page. */
export function Breadcrumb({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            <a href={crumb.href}>{crumb.label || 'Untitled'}</a>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
