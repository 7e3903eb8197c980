import type { InvitationOut } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';

interface InvitationListProps {
  invitations: readonly InvitationOut[];
  busy: ReadonlySet<number>;
  onRevoke: (invitation: InvitationOut) => void;
}

const STATE_LABEL = {
  open: 'invitations.state.open',
  accepted: 'invitations.state.accepted',
  expired: 'invitations.state.expired',
  revoked: 'invitations.state.revoked',
} as const;

const DELIVERY_LABEL = {
  queued: 'invitations.delivery.queued',
  sent: 'invitations.delivery.sent',
  failed: 'invitations.delivery.failed',
} as const;

/** The invitations with their state, expiry and mail, and Revoke on the open ones. */
export function InvitationList({ invitations, busy, onRevoke }: InvitationListProps) {
  if (invitations.length === 0) {
    return <p className="people__empty">{t('invitations.none')}</p>;
  }
  return (
    <ul className="people__list panel" aria-label={t('invitations.title')}>
      {invitations.map((invitation) => {
        const who = invitation.name || invitation.email;
        const open = invitation.state === 'open';
        const when = formatWhen(invitation.expires_at);
        return (
          <li key={invitation.id} className={`person${open ? '' : ' person--inactive'}`}>
            <div className="person__who">
              <span className="person__name" dir="auto">
                {who}
              </span>
              <span className="person__meta" dir="auto">
                {invitation.name && `${invitation.email} · `}
                {open || invitation.state === 'expired'
                  ? t(open ? 'invitations.expires' : 'invitations.expired', { when })
                  : invitation.state === 'accepted'
                    ? t('invitations.acceptedNote')
                    : t('invitations.revokedNote')}
              </span>
            </div>
            <div className="person__badges">
              <span className={`person__badge invitation__state--${invitation.state}`}>
                {t(STATE_LABEL[invitation.state])}
              </span>
              {invitation.is_superuser && (
                <span className="person__badge">{t('people.role.admin')}</span>
              )}
              {(open || invitation.delivery === 'failed') && (
                <span className={`person__badge invitation__delivery--${invitation.delivery}`}>
                  {t(DELIVERY_LABEL[invitation.delivery])}
                </span>
              )}
            </div>
            <div className="person__actions">
              {open && (
                <button
                  type="button"
                  className="button button--link"
                  disabled={busy.has(invitation.id)}
                  aria-label={t('invitations.revokeNamed', { name: who })}
                  onClick={() => onRevoke(invitation)}
                >
                  {t('invitations.revoke')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
