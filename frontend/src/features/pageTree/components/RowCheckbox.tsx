import type { ChangeEvent } from 'react';
import { t } from '../../../i18n';
import type { PageSelection } from '../../../entities/pageSelection/selection';
import { useIsSelected } from '../../../entities/pageSelection/useSelection';

interface RowCheckboxProps {
  selection: PageSelection;
  id: number;
  /** The page's name, for the box's accessible name ('Select Staff'). */
  name: string;
  tabIndex: 0 | -1;
  /** Tick or untick the page; `range`: from the last one ticked (a shift-click, Shift+Space). */
  onCheck: (id: number, range: boolean) => void;
}

/**
 * A row's box for the bulk actions. It reads its own page's state from the selection store, so
 * a tick re-renders this box alone, not the row or the tree.
 */
export function RowCheckbox({ selection, id, name, tabIndex, onCheck }: RowCheckboxProps) {
  const checked = useIsSelected(selection, id);
  // A checkbox changes on its click event (a press of Space is one too): its shiftKey says range.
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    onCheck(id, (event.nativeEvent as MouseEvent).shiftKey === true);
  return (
    <input
      type="checkbox"
      className="tree-row__check"
      checked={checked}
      aria-label={t('bulk.selectPage', { name })}
      tabIndex={tabIndex}
      onChange={onChange}
    />
  );
}
