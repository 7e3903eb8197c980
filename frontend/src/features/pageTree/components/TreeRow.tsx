import type { PointerEvent } from 'react';
import type { TreePage } from '../types';
import { editUrl } from '../api';
import { countLabel, pageName, statusLabel } from '../model';
import type { TreeRow as Row } from '../model';
import { isUnsaved } from '../store';
import type { TreeStore } from '../store';
import { NameEditor } from './NameEditor';
import { RowActions } from './RowActions';

export const ROOT_LABEL = 'All Pages';

interface TreeRowProps {
  row: Row;
  index: number;
  page: TreePage | undefined;
  store: TreeStore;
  locale: string;
  localeOrder: readonly string[];
  editing: boolean;
  focused: boolean;
  dragging: boolean;
  canCreateHere: boolean;
  rootCanCreate: boolean;
  onFocusRow: (index: number) => void;
  onStartDrag: (id: number, event: PointerEvent) => void;
}

/** One visible row of the page tree: toggle, name or name editor, labels, actions. */
export function TreeRow(props: TreeRowProps) {
  const { row, index, page, store, locale, focused, editing } = props;
  const canEdit = !!page && !isUnsaved(page.id) && page.permissions.includes('edit');
  const canCreate = page
    ? !isUnsaved(page.id) && page.permissions.includes('create')
    : props.rootCanCreate;
  const name = page ? pageName(page, locale, props.localeOrder) : null;
  const label = page ? name?.text || 'Untitled' : ROOT_LABEL;
  const status = page ? statusLabel(page.status) : null;
  const tabIndex = focused ? 0 : -1;
  const hasChildren = row.childCount > 0;

  return (
    <div
      id={`tree-row-${row.id ?? 'root'}`}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={hasChildren ? !row.collapsed : undefined}
      aria-label={status ? `${label} (${status})` : label}
      tabIndex={tabIndex}
      className={`tree-row${row.id === null ? ' tree-row--root' : ''}${props.dragging ? ' tree-row--dragging' : ''}`}
      style={{ paddingInlineStart: `calc(${row.depth} * var(--tree-indent) + var(--space-2))` }}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocusRow(index);
      }}
      onClick={() => props.onFocusRow(index)}
    >
      {canEdit ? (
        <span
          className="tree-row__handle"
          aria-hidden="true"
          title="Drag to move"
          onPointerDown={(event) => props.onStartDrag(row.id ?? 0, event)}
        >
          ⠿
        </span>
      ) : (
        <span className="tree-row__handle tree-row__handle--empty" aria-hidden="true" />
      )}
      {hasChildren && row.id !== null ? (
        <button
          type="button"
          className="tree-row__toggle"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => store.setOpen(row.id ?? 0, row.collapsed)}
        >
          {row.collapsed ? '▸' : '▾'}
        </button>
      ) : (
        <span className="tree-row__toggle" aria-hidden="true" />
      )}
      {editing && page ? (
        <NameEditor
          initialName={page.blocks.name[locale] ?? ''}
          onSave={(text) => void store.saveName(page.id, text)}
          onCancel={() => store.cancelEdit(page.id)}
        />
      ) : (
        <span
          className={`tree-row__name${name && (name.fallback || !name.text) ? ' tree-row__name--fallback' : ''}`}
          dir="auto"
        >
          {canEdit && page ? (
            <a href={editUrl(locale, page.id)} tabIndex={tabIndex} lang={name?.locale}>
              {label}
            </a>
          ) : (
            <span lang={name?.locale}>{label}</span>
          )}
        </span>
      )}
      {status && (
        <span className={`tree-row__status tree-row__status--${page?.status}`}>{status}</span>
      )}
      {row.collapsed && hasChildren && (
        <span className="tree-row__count" dir="auto">
          {countLabel(row.childCount)}
        </span>
      )}
      {!editing && (
        <RowActions
          status={page?.status ?? 0}
          canEdit={canEdit}
          canCreateChild={canCreate}
          canCreateHere={!!page && props.canCreateHere}
          tabIndex={tabIndex}
          onRename={() => page && store.startEdit(page.id)}
          onToggleStatus={() => page && void store.toggleStatus(page.id)}
          onDelete={() => page && void store.remove(page.id)}
          onAddChild={() => store.addChild(page ? page.id : null)}
          onAddHere={() => page && store.addHere(page.id)}
        />
      )}
    </div>
  );
}
