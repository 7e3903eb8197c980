import type { UserRecord } from '../../../api/types';
import { t } from '../../../i18n';
import { useToast } from '../../../ui/toast';
import type { UsersApi } from '../api';
import { errorsOf } from '../model';

interface TwoFactorControlProps {
  user: UserRecord;
  /** Only superusers may turn another user's second step off. */
  superuser: boolean;
  api: UsersApi;
  onChange: (user: UserRecord) => void;
}

/**
 * A user's two-step sign-in on the users screen: a badge when they have a second factor (TOTP or
 * a passkey), and for superusers the way to turn it off (someone who lost their phone).
 */
export function TwoFactorControl({ user, superuser, api, onChange }: TwoFactorControlProps) {
  const toast = useToast();
  if (!user.two_factor) return null;
  const name = user.name || user.username;

  const turnOff = async () => {
    if (!window.confirm(t('people.twoFactor.offConfirm', { name }))) return;
    try {
      onChange(await api.update(user.id, { user: { two_factor: false } }));
      toast.notice(t('people.twoFactor.done', { name }));
    } catch (error) {
      toast.error(errorsOf(error, t('people.failed')).user ?? t('people.failed'));
    }
  };

  return (
    <span className="person__two-factor">
      <span className="person__badge">{t('people.twoFactor.on')}</span>
      {superuser && (
        <button
          type="button"
          className="button button--link"
          aria-label={t('people.twoFactor.offNamed', { name })}
          onClick={() => void turnOff()}
        >
          {t('people.twoFactor.off')}
        </button>
      )}
    </span>
  );
}
