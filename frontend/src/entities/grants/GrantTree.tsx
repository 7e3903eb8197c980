import type { PagePermission } from '../../api/types';
import { displayName } from '../../lib/page';
import { t } from '../../i18n';
import { PERMISSIONS, RIGHT_LABELS, rightOn } from './model';
import './grantTree.css';
import type { GrantMap, GrantRow, GrantTree as Tree, Target } from './model';

export type ChildLoad = 'loading' | 'failed';

interface GrantTreeProps {
  tree: Tree;
  rows: readonly GrantRow[];
  grants: GrantMap;
  selected: ReadonlySet<Target>;
  loads: ReadonlyMap<number, ChildLoad>;
  locale: string;
  localeOrder: readonly string[];
  onTick: (target: Target, on: boolean) => void;
  onOpen: (id: number, open: boolean) => void;
}

/** The page tree with a box per page (the root first) and what the user holds on each. */
export function GrantTree(props: GrantTreeProps) {
  const { tree, rows, locale, localeOrder } = props;
  const nameOf = (target: Target) =>
    target === null
      ? t('grants.root')
      : displayName(tree.pages.get(target)?.blocks.name, locale, localeOrder);
  return (
    <ul className="grant-tree" aria-label={t('grants.tree')}>
      {rows.map((row) => {
        const name = nameOf(row.target);
        const key = row.target ?? 'root';
        const load = row.target === null ? undefined : props.loads.get(row.target);
        return (
          <li
            key={key}
            className={`grant-row${row.target === null ? ' grant-row--root' : ''}`}
            style={{
              paddingInlineStart: `calc(${row.depth} * var(--tree-indent) + var(--space-2))`,
            }}
            data-testid={`grant-row-${key}`}
          >
            {row.target !== null && row.childCount > 0 ? (
              <button
                type="button"
                className="grant-row__toggle"
                aria-expanded={row.open}
                aria-label={t(row.open ? 'grants.collapse' : 'grants.expand', { name })}
                onClick={() => row.target !== null && props.onOpen(row.target, !row.open)}
              >
                <span aria-hidden="true">{row.open ? '▾' : '▸'}</span>
              </button>
            ) : (
              <span className="grant-row__toggle" aria-hidden="true" />
            )}
            <label className="grant-row__label">
              <input
                type="checkbox"
                checked={props.selected.has(row.target)}
                onChange={(event) => props.onTick(row.target, event.target.checked)}
              />
              <span dir="auto">{name}</span>
            </label>
            <span className="grant-row__rights">
              {PERMISSIONS.map((permission) => (
                <RightBadge
                  key={permission}
                  permission={permission}
                  right={rightOn(props.grants, row.ancestors, row.target, permission)}
                  nameOf={nameOf}
                />
              ))}
            </span>
            {load === 'loading' && <span className="grant-row__note">{t('grants.loading')}</span>}
            {load === 'failed' && row.target !== null && (
              <span className="grant-row__note grant-row__note--error">
                {t('grants.notLoaded')}{' '}
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => row.target !== null && props.onOpen(row.target, true)}
                >
                  {t('grants.retry')}
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function RightBadge({
  permission,
  right,
  nameOf,
}: {
  permission: PagePermission;
  right: ReturnType<typeof rightOn>;
  nameOf: (target: Target) => string;
}) {
  if (!right.held) return null;
  const label = t(RIGHT_LABELS[permission]);
  if (!right.inherited) {
    return (
      <span className="grant-right grant-right--direct" title={t('grants.grantedHere')}>
        {label}
      </span>
    );
  }
  const from = t('grants.inheritedFrom', { name: nameOf(right.from) });
  return (
    <span className="grant-right grant-right--inherited" title={from}>
      {label} <span className="grant-right__source">· {t('grants.inherited')}</span>
      <span className="visually-hidden"> ({from})</span>
    </span>
  );
}
