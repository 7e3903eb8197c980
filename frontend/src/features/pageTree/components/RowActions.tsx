import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { STATUS_PUBLISHED } from '../../../lib/page';
import type { PageStatus } from '../../../lib/page';
import { t } from '../../../i18n';

interface RowActionsProps {
  /** The page's name, for the menu button's label ('Actions for Staff'). */
  name: string;
  status: PageStatus;
  canEdit: boolean;
  canCreateChild: boolean;
  canCreateHere: boolean;
  tabIndex: 0 | -1;
  onRename: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
  /** What a deletion takes with it, asked when Delete is pressed (the tree may have grown). */
  deletionNote: () => string;
  /** Ask the question in a dialog that also lists the pages linking here: true to go on. */
  confirmDelete: (question: string, note: string) => Promise<boolean>;
  onAddChild: () => void;
  onAddHere: () => void;
  /** Tick the page and the pages below it for the bulk actions (rows with children). */
  onSelectSubtree?: () => void;
}

interface Action {
  label: string;
  run: () => void;
  danger?: boolean;
}

/** Return the actions the permissions allow (spec §6), in the order they show. */
function rowActions(props: RowActionsProps): Action[] {
  const actions: Action[] = [];
  if (props.canEdit) {
    actions.push({ label: t('tree.action.rename'), run: props.onRename });
    actions.push({
      label: props.status === STATUS_PUBLISHED ? t('tree.action.hide') : t('tree.action.publish'),
      run: props.onToggleStatus,
    });
    actions.push({
      label: t('tree.action.delete'),
      danger: true,
      run: () => {
        // The specification's question word for word, then what goes with the page, then
        // (when the server has told) the pages whose links to it would show as plain text.
        void props
          .confirmDelete(t('tree.deleteConfirmation'), props.deletionNote())
          .then((yes) => yes && props.onDelete());
      },
    });
  }
  if (props.canCreateChild)
    actions.push({ label: t('tree.action.addChild'), run: props.onAddChild });
  if (props.canCreateHere) actions.push({ label: t('tree.action.addHere'), run: props.onAddHere });
  if (props.onSelectSubtree)
    actions.push({ label: t('bulk.selectSubtree'), run: props.onSelectSubtree });
  return actions;
}

/**
 * The per-permission actions of a page row: in a line on wide screens (shown on hover and
 * focus), behind one menu button per row on narrow and touch ones (CSS picks), so a tap on a
 * row never lands on Hide or Delete by accident.
 *
 * Their words are drawn (data-label) and named (aria-label), not text of the row: the row is
 * a treeitem named by its page's name and status, and its actions are no part of that name.
 */
export function RowActions(props: RowActionsProps) {
  const actions = rowActions(props);
  if (actions.length === 0) return null;
  return (
    <span className="tree-row__actions">
      <span className="tree-row__inline-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`button button--link drawn-label${action.danger ? ' button--danger' : ''}`}
            aria-label={action.label}
            data-label={action.label}
            tabIndex={props.tabIndex}
            onClick={action.run}
          />
        ))}
      </span>
      <ActionMenu name={props.name} actions={actions} tabIndex={props.tabIndex} />
    </span>
  );
}

/** One button that opens the row's actions as a menu (arrow keys move, Escape closes). */
function ActionMenu({
  name,
  actions,
  tabIndex,
}: {
  name: string;
  actions: Action[];
  tabIndex: 0 | -1;
}) {
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = position !== null;

  const close = (refocus: boolean) => {
    setPosition(null);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setPosition(null);
    };
    // The menu is placed on the viewport (the tree clips what overflows it): it goes when that moves.
    const onMove = () => setPosition(null);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const toggle = () => {
    if (open) return close(false);
    const rect = button.current?.getBoundingClientRect();
    const below = rect ? rect.bottom + 2 : 0;
    const fitsBelow = !rect || below + 48 * actions.length < window.innerHeight;
    setPosition({
      insetBlockStart: fitsBelow ? below : undefined,
      insetBlockEnd: fitsBelow || !rect ? undefined : window.innerHeight - rect.top + 2,
      insetInlineEnd: rect && button.current ? inlineEnd(button.current, rect) : 0,
    });
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = (delta: number) => items[(at + delta + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') step(1);
    else if (event.key === 'ArrowUp') step(-1);
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items[items.length - 1]?.focus();
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') close(true);
      else setPosition(null);
      if (event.key === 'Tab') return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="tree-row__menu-button"
        aria-label={t('tree.actionsFor', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={tabIndex}
        onClick={toggle}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {position && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('tree.actionsFor', { name })}
          className="tree-row__menu"
          style={position}
          onKeyDown={onMenuKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`tree-row__menu-item drawn-label${action.danger ? ' tree-row__menu-item--danger' : ''}`}
              aria-label={action.label}
              data-label={action.label}
              onClick={() => {
                close(true);
                action.run();
              }}
            />
          ))}
        </div>
      )}
    </>
  );
}

/** The distance from the viewport's inline end to the button's, in the page's direction. */
function inlineEnd(element: HTMLElement, rect: DOMRect): number {
  const rtl = getComputedStyle(element).direction === 'rtl';
  return rtl ? rect.left : document.documentElement.clientWidth - rect.right;
}
