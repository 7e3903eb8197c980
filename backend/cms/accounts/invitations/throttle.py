"""How many invitations may go out: an administrator's account (or a stolen session) can't be
used to mail-bomb an address or the world. Counted from the invitations themselves (rows every
process sees), inside the creating transaction."""

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.models import Invitation
from cms.core.messages import message
from cms.core.types import User

PER_INVITER_PER_HOUR = 30  # a team onboarding at once; not a mailing list
PER_ADDRESS_PER_DAY = 3  # a mistyped name fixed, a lost mail sent again
HOUR, DAY = timedelta(hours=1), timedelta(days=1)


class InvitationThrottled(Exception):
    def __init__(self, text: object, retry_after: timedelta) -> None:
        super().__init__(text)
        self.text = text
        self.retry_after = retry_after


def check_invitation_allowance(*, actor: User, email: str) -> None:
    now = timezone.now()
    checks = (
        (Invitation.objects.filter(invited_by=actor), HOUR, PER_INVITER_PER_HOUR,
         _("You sent %(count)d invitations in the last hour; wait a while before the next.")),
        (Invitation.objects.filter(email__iexact=email), DAY, PER_ADDRESS_PER_DAY,
         _("This address got %(count)d invitations in the last day; wait before sending another.")),
    )  # fmt: skip
    for invitations, window, limit, text in checks:
        recent = list(
            invitations.filter(created_at__gt=now - window)
            .order_by("-created_at")
            .values_list("created_at", flat=True)[:limit]
        )
        if len(recent) >= limit:
            raise InvitationThrottled(message(text, count=limit), recent[-1] + window - now)
