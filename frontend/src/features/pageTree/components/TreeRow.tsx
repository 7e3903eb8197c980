import type { PointerEvent } from 'react';
import type { TreePage } from '../types';
import { t } from '../../../i18n';
import { editPageUrl, localizedName, untitledLabel } from '../../../lib/page';
import type { Locale } from '../../../api/types';
import { confirmPageGoes } from '../../../entities/links/confirmPageGoes';
import { countLabel, deletionNote, descendantCount, statusLabel } from '../model';
import { usePendingChange } from '../pendingChanges';
import { rowMarkers } from '../rowMarkers';
import type { TreeRow as Row } from '../model';
import { splitMatch } from '../search';
import { isUnsaved } from '../store';
import type { ChildLoad } from '../children';
import type { TreeStore } from '../store';
import { NameEditor } from './NameEditor';
import { LocaleBadge, MarkerBadges } from './RowBadges';
import { RowActions } from './RowActions';
import { RowCheckbox } from './RowCheckbox';
import type { PageSelection } from '../../../entities/pageSelection/selection';

/** The root row's name (spec: 'All Pages'), in the interface language. */
export function rootLabel(): string {
  return t('tree.title');
}

/** Parts of a row a press on which never starts a drag: controls and the collapse toggle. */
const NOT_A_DRAG_START =
  'button, input, textarea, select, label, [contenteditable=""], [contenteditable="true"], .tree-row__toggle, .tree-row__actions, .tree-row__editor';

/** Whether a press on this part of a draggable row may start a drag. */
function startsDrag(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(NOT_A_DRAG_START) === null;
}

/** The DOM id of a row's treeitem element. */
export function rowElementId(id: number | null): string {
  return `tree-row-${id ?? 'root'}`;
}

interface TreeRowProps {
  row: Row;
  index: number;
  page: TreePage | undefined;
  store: TreeStore;
  locale: string;
  localeOrder: readonly string[];
  /** The tree locale's name, as its translation marks say it ('Outdated in Norsk bokmål'). */
  localeName?: string;
  /** The website's locales with their direction: a name carries its own locale's. */
  locales?: readonly Locale[];
  editing: boolean;
  /** Whether the row's children are on their way or could not be loaded. */
  load: ChildLoad | undefined;
  /** Found by the search (the text searched for is marked in the name). */
  match: boolean;
  query: string;
  /** The one row in the tab order (roving tabindex). */
  tabbable: boolean;
  dragging: boolean;
  canCreateHere: boolean;
  rootCanCreate: boolean;
  /** A child of a news page: ordered by pinned, then date, so both show. */
  newsItem: boolean;
  onFocusRow: (index: number) => void;
  /** Put the focus back on this row (or its neighbour) after its field or button went away. */
  onRestoreFocus: (index: number) => void;
  /** Scroll a new page's row into view. */
  onReveal: (id: number) => void;
  onStartDrag: (id: number, event: PointerEvent) => void;
  /** The pages ticked for the bulk actions (issue 33); without it the rows have no boxes. */
  selection?: PageSelection;
  /** Tick or untick a page; `range`: every visible row from the last one ticked. */
  onCheck?: (id: number, range: boolean) => void;
  /** Tick a page and every page below it. */
  onSelectSubtree?: (id: number) => void;
}

/** One visible row of the page tree: toggle, name or name editor, labels, actions. */
export function TreeRow(props: TreeRowProps) {
  const { row, index, page, store, locale, editing } = props;
  const canEdit = !!page && !isUnsaved(page.id) && page.permissions.includes('edit');
  // `submit` without `edit` (DESIGN §3) opens the editor, to submit changes for review; the
  // row's publish, hide, delete and drag stay with `edit`.
  const canOpen = canEdit || (!!page && !isUnsaved(page.id) && page.permissions.includes('submit'));
  const canCreate = page
    ? !isUnsaved(page.id) && page.permissions.includes('create')
    : props.rootCanCreate;
  const name = page ? localizedName(page.blocks.name, locale, props.localeOrder) : null;
  const label = page ? name?.text || untitledLabel() : rootLabel();
  // A name is content, in its locale's language and direction; 'Untitled' is the interface's.
  const nameLang = name?.text
    ? { lang: name.locale, dir: props.locales?.find((l) => l.code === name.locale)?.dir ?? 'auto' }
    : {};
  const status = page ? statusLabel(page.status) : null;
  const pending = usePendingChange(page?.id);
  const markers = page
    ? rowMarkers(page, {
        newsItem: props.newsItem,
        now: new Date(),
        pending,
        translation: { state: page.translations?.[locale], locale: props.localeName ?? locale },
      })
    : [];
  const fallbackLocale = name?.fallback ? name.locale : null;
  const elementId = rowElementId(row.id);
  // The row is named by what it shows, the page's name and its status (WCAG 2.5.3: a voice
  // user says what they see); the actions are controls of their own, outside the name, and
  // the badges describe the row.
  const labelledBy = [`${elementId}-name`, status && `${elementId}-status`]
    .filter(Boolean)
    .join(' ');
  const loadNote = row.collapsed ? undefined : props.load;
  const describedBy = [
    loadNote && `${elementId}-load`,
    fallbackLocale && `${elementId}-locale`,
    ...markers.map((marker) => `${elementId}-${marker.kind}`),
  ]
    .filter(Boolean)
    .join(' ');
  const tabIndex = props.tabbable ? 0 : -1;
  const hasChildren = row.childCount > 0;
  const className = [
    'tree-row',
    row.id === null && 'tree-row--root',
    props.dragging && 'tree-row--dragging',
    editing && 'tree-row--editing',
    props.match && 'tree-row--match',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      id={elementId}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={hasChildren ? !row.collapsed : undefined}
      aria-busy={props.load === 'loading' || undefined}
      aria-labelledby={editing ? undefined : labelledBy}
      aria-label={editing ? [label, status].filter(Boolean).join(' ') : undefined}
      aria-describedby={describedBy || undefined}
      tabIndex={tabIndex}
      className={className}
      style={{ paddingInlineStart: `calc(${row.depth} * var(--tree-indent) + var(--space-2))` }}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocusRow(index);
      }}
      onClick={() => props.onFocusRow(index)}
      // A drag may start anywhere on the row (the name included), not just on the handle;
      // a press that moves less than the threshold stays a plain click.
      onPointerDown={
        canEdit && page
          ? (event) => {
              if (!startsDrag(event.target)) return;
              // On the handle, keep the press from focusing or selecting anything.
              if (event.target instanceof Element && event.target.closest('.tree-row__handle'))
                event.preventDefault();
              props.onStartDrag(page.id, event);
            }
          : undefined
      }
    >
      <span className="tree-row__main">
        {props.selection && props.onCheck && page && !isUnsaved(page.id) && (
          <RowCheckbox
            selection={props.selection}
            id={page.id}
            name={label}
            tabIndex={tabIndex}
            onCheck={props.onCheck}
          />
        )}
        {canEdit ? (
          <span className="tree-row__handle" aria-hidden="true" title={t('tree.dragToMove')}>
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
            title={row.collapsed ? t('tree.expand') : t('tree.collapse')}
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
            placeholder={name?.fallback ? name.text : t('tree.pageName')}
            onSave={(text) => {
              void store.saveName(page.id, text);
              props.onRestoreFocus(index);
            }}
            onCancel={() => {
              store.cancelEdit(page.id);
              props.onRestoreFocus(index);
            }}
          />
        ) : (
          <span
            id={`${elementId}-name`}
            className={`tree-row__name${name && (name.fallback || !name.text) ? ' tree-row__name--fallback' : ''}`}
          >
            {canOpen && page ? (
              <a
                href={editPageUrl(locale, page.id)}
                tabIndex={tabIndex}
                {...nameLang}
                draggable={false}
              >
                <Label text={label} query={props.match ? props.query : ''} />
              </a>
            ) : (
              <span {...nameLang}>
                <Label text={label} query={props.match ? props.query : ''} />
              </span>
            )}
          </span>
        )}
        {fallbackLocale && !editing && (
          <LocaleBadge elementId={elementId} locale={fallbackLocale} />
        )}
        {/* A space between the words, so the row's text reads as its name does. */}
        {status && ' '}
        {status && (
          <span
            id={`${elementId}-status`}
            className={`tree-row__status tree-row__status--${page?.status}`}
          >
            {status}
          </span>
        )}
        <MarkerBadges elementId={elementId} markers={markers} />
        {row.collapsed && hasChildren && (
          <span className="tree-row__count">{countLabel(row.childCount)}</span>
        )}
        {/* Drawn, and describing the row (aria-busy says it is loading): not part of its name. */}
        {loadNote === 'loading' && (
          <span className="tree-row__loading">
            <DrawnNote id={`${elementId}-load`} text={t('tree.loading')} />
          </span>
        )}
        {loadNote === 'failed' && (
          <>
            <span className="tree-row__load-error">
              <DrawnNote id={`${elementId}-load`} text={t('tree.notLoaded')} />
            </span>
            <button
              type="button"
              className="button button--link drawn-label"
              aria-label={t('tree.retry')}
              data-label={t('tree.retry')}
              tabIndex={tabIndex}
              onClick={() => store.retryChildren(row.id)}
            />
          </>
        )}
      </span>
      {!editing && (
        <RowActions
          name={label}
          status={page?.status ?? 0}
          canEdit={canEdit}
          canCreateChild={canCreate}
          canCreateHere={!!page && props.canCreateHere}
          tabIndex={tabIndex}
          onRename={() => page && store.startEdit(page.id)}
          onToggleStatus={() => page && void store.toggleStatus(page.id)}
          deletionNote={() =>
            page ? deletionNote(label, descendantCount(store.getState().model, page.id)) : ''
          }
          confirmDelete={(question, note) =>
            confirmPageGoes({
              going: 'delete',
              pageId: page && !isUnsaved(page.id) ? page.id : null,
              name: label,
              locale,
              question,
              note,
            })
          }
          onDelete={() => {
            if (!page) return;
            void store.remove(page.id);
            props.onRestoreFocus(index);
          }}
          onAddChild={() => props.onReveal(store.addChild(page ? page.id : null))}
          onAddHere={() => page && props.onReveal(store.addHere(page.id))}
          onSelectSubtree={
            page && hasChildren && !isUnsaved(page.id) && props.onSelectSubtree
              ? () => props.onSelectSubtree?.(page.id)
              : undefined
          }
        />
      )}
    </div>
  );
}

/** A note drawn from data-label, its words for assistive technology in a hidden element. */
function DrawnNote({ id, text }: { id: string; text: string }) {
  return (
    <>
      <span className="drawn-label" data-label={text} aria-hidden="true" />
      <span id={id} className="visually-hidden">
        {text}
      </span>
    </>
  );
}

/** A page name with the searched text marked. */
function Label({ text, query }: { text: string; query: string }) {
  const parts = query ? splitMatch(text, query) : null;
  if (!parts) return text;
  return (
    <>
      {parts[0]}
      <mark className="tree-row__mark">{parts[1]}</mark>
      {parts[2]}
    </>
  );
}
