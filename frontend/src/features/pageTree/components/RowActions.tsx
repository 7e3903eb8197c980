import { STATUS_PUBLISHED } from '../../../lib/page';
import type { PageStatus } from '../../../lib/page';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this page?';

interface RowActionsProps {
  status: PageStatus;
  canEdit: boolean;
  canCreateChild: boolean;
  canCreateHere: boolean;
  tabIndex: 0 | -1;
  onRename: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
  onAddChild: () => void;
  onAddHere: () => void;
}

/** The per-permission actions of a page row (spec §6). */
export function RowActions(props: RowActionsProps) {
  const { canEdit, canCreateChild, canCreateHere, tabIndex } = props;
  if (!canEdit && !canCreateChild && !canCreateHere) return null;
  const button = (label: string, onClick: () => void, variant = '') => (
    <button
      type="button"
      className={`button button--link ${variant}`}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <span className="tree-row__actions">
      {canEdit && button('Rename', props.onRename)}
      {canEdit &&
        button(props.status === STATUS_PUBLISHED ? 'Hide' : 'Publish', props.onToggleStatus)}
      {canEdit &&
        button(
          'Delete',
          () => {
            if (window.confirm(DELETE_CONFIRMATION)) props.onDelete();
          },
          'button--danger',
        )}
      {canCreateChild && button('Add child', props.onAddChild)}
      {canCreateHere && button('Add page here', props.onAddHere)}
    </span>
  );
}
