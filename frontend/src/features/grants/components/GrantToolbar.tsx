import type { PagePermission } from '../../../api/types';
import { t } from '../../../i18n';
import type { MessageKey } from '../../../i18n';

export type GrantAction = 'grant' | 'revoke';

const BUTTONS: { action: GrantAction; permission: PagePermission; label: MessageKey }[] = [
  { action: 'grant', permission: 'edit', label: 'grants.grantEdit' },
  { action: 'revoke', permission: 'edit', label: 'grants.revokeEdit' },
  { action: 'grant', permission: 'create', label: 'grants.grantCreate' },
  { action: 'revoke', permission: 'create', label: 'grants.revokeCreate' },
  { action: 'grant', permission: 'submit', label: 'grants.grantSubmit' },
  { action: 'revoke', permission: 'submit', label: 'grants.revokeSubmit' },
];

interface GrantToolbarProps {
  /** The ticked pages as the comma-separated id list ('12,15,root'). */
  ids: string;
  busy: boolean;
  onChange: (action: GrantAction, permission: PagePermission) => void;
  onClear: () => void;
}

/** The id list the boxes fill and the six actions, disabled while nothing is ticked (spec §1). */
export function GrantToolbar({ ids, busy, onChange, onClear }: GrantToolbarProps) {
  const nothing = ids === '';
  return (
    <div className="grant-toolbar">
      <div className="grant-toolbar__ids">
        <label htmlFor="grant-page-ids" className="form-field__label">
          {t('grants.selected')}
        </label>
        <input
          id="grant-page-ids"
          name="page_ids"
          className="input"
          readOnly
          value={ids}
          placeholder={t('grants.selectedHint')}
          dir="ltr"
        />
        {!nothing && (
          <button type="button" className="button button--link" onClick={onClear}>
            {t('grants.clear')}
          </button>
        )}
      </div>
      <div className="grant-toolbar__actions" role="group" aria-label={t('grants.actions')}>
        {BUTTONS.map(({ action, permission, label }) => (
          <button
            key={label}
            type="button"
            className={action === 'grant' ? 'button button--primary' : 'button'}
            disabled={nothing || busy}
            onClick={() => onChange(action, permission)}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );
}
