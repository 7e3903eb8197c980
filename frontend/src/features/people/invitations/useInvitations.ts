import { useState } from 'react';
import type { InvitationOut } from '../../../api/types';
import { t } from '../../../i18n';
import { useToast } from '../../../ui/toast';
import type { UsersApi } from '../api';
import { invitationErrorsOf, invitationPayload, sortedInvitations } from './model';
import type { InvitationErrors, InvitationValues } from './model';

/** The screen's invitations: sending one (its refusals by field) and revoking open ones. */
export function useInvitations(initial: readonly InvitationOut[], api: UsersApi) {
  const toast = useToast();
  const [invitations, setInvitations] = useState(() => sortedInvitations(initial));
  const [errors, setErrors] = useState<InvitationErrors>({});
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState<ReadonlySet<number>>(new Set());

  const stored = (invitation: InvitationOut) =>
    setInvitations((current) =>
      sortedInvitations([...current.filter((item) => item.id !== invitation.id), invitation]),
    );

  /** Send the invitation; true when it went out. */
  const send = async (values: InvitationValues): Promise<boolean> => {
    setSending(true);
    setErrors({});
    try {
      const invitation = await api.invite(invitationPayload(values));
      stored(invitation);
      toast.notice(t('invitations.sent', { email: invitation.email }));
      return true;
    } catch (error) {
      setErrors(invitationErrorsOf(error, t('invitations.failed')));
      return false;
    } finally {
      setSending(false);
    }
  };

  const revoke = async (invitation: InvitationOut) => {
    const who = invitation.name || invitation.email;
    if (!window.confirm(t('invitations.revokeConfirm', { name: who }))) return;
    setRevoking((current) => new Set(current).add(invitation.id));
    try {
      stored(await api.revokeInvitation(invitation.id));
      toast.notice(t('invitations.revoked', { name: who }));
    } catch (error) {
      toast.error(invitationErrorsOf(error, t('invitations.revokeFailed')).form ?? '');
      // It may have been accepted meanwhile: show it as it is now.
      api.listInvitations().then(
        (all) => setInvitations(sortedInvitations(all)),
        () => undefined,
      );
    } finally {
      setRevoking((current) => {
        const next = new Set(current);
        next.delete(invitation.id);
        return next;
      });
    }
  };

  return { invitations, errors, setErrors, sending, revoking, send, revoke };
}
