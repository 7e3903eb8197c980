"""Invitations (DESIGN §3 "Invitations"): an administrator invites an address with the grants the
new person will hold; one mail carries a link with a token; the invitee picks a username and a
password on that page and the account exists, with exactly those grants, once, within 7 days,
unless the invitation was revoked.

The token is in the mail alone: the row keeps its SHA-256 (a leaked table opens no account), no
answer, log line or audit entry holds it. Accepting locks the invitation's row, so two accepts of
one link at once make one account (the second finds it accepted).
"""

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.accounts.invitations.grants import checked_grants, give_grants
from cms.accounts.invitations.throttle import check_invitation_allowance
from cms.accounts.models import Invitation
from cms.accounts.permissions import require_administrator
from cms.accounts.users import USERNAME_TAKEN, new_staff_user
from cms.audit import log as audit
from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.input_types import shown_text, unstorable_text_message
from cms.core.messages import message
from cms.core.types import User, Visitor
from cms.mail.composing import compose
from cms.mail.models import OutgoingMail
from cms.mail.outbox import queue_mail

VALID_FOR = timedelta(days=7)
# An answer's bound: the throttle lets an administrator send 30 an hour, so the newest 500 are
# weeks of a busy team's invitations, and every open one (7 days) among them.
MAX_LISTED = 500
MAIL_TEMPLATE = "accounts/mail/invitation"
INVITATION_MISSING = _("Invitation %(id)s does not exist.")
NOT_OPEN = _("Only an open invitation can be revoked; this one is %(state)s.")
ALREADY_INVITED = _("has an open invitation already (revoke it to send a new one)")
STATE_WORDS = {"accepted": _("accepted"), "expired": _("expired"), "revoked": _("revoked")}


class InvitationClosed(Exception):
    """The link opens no invitation: unknown (forged or mistyped), used, expired or revoked."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state  # "unknown", "accepted", "expired" or "revoked"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def invitation_state(invitation: Invitation, now: datetime | None = None) -> str:
    if invitation.accepted_at is not None:
        return "accepted"
    if invitation.revoked_at is not None:
        return "revoked"
    return "expired" if invitation.expires_at <= (now or timezone.now()) else "open"


def delivery_state(mail: OutgoingMail | None) -> str:
    """The invitation's mail as its sender reads it: queued (sending included), sent, failed."""
    if mail is None or mail.state in (OutgoingMail.State.QUEUED, OutgoingMail.State.SENDING):
        return "queued"
    return str(mail.state)


def invitation_record(invitation: Invitation) -> dict[str, Any]:
    inviter = invitation.invited_by
    return {
        "id": invitation.pk,
        "email": invitation.email,
        "name": invitation.name,
        "is_superuser": invitation.is_superuser,
        "state": invitation_state(invitation),
        "expires_at": invitation.expires_at,
        "created_at": invitation.created_at,
        "language": invitation.language,
        "delivery": delivery_state(invitation.mail),
        "invited_by": None
        if inviter is None
        else {"id": inviter.pk, "username": inviter.get_username(), "name": inviter.get_full_name()},
        "accepted_user_id": invitation.accepted_user_id,
        "grants": [
            {
                "page_ids": ",".join("root" if p is None else str(p) for p in g["page_ids"]),
                "permissions": g["permissions"],
            }
            for g in invitation.grants
        ],
    }


def invitation_list(*, actor: Visitor) -> list[dict[str, Any]]:
    """The invitations, newest first, at most MAX_LISTED (administrators only)."""
    require_administrator(actor)
    invitations = Invitation.objects.select_related("invited_by", "mail").order_by("-created_at", "-id")
    return [invitation_record(invitation) for invitation in invitations[:MAX_LISTED]]


def invitation_create(*, actor: User, fields: dict[str, Any], language: str, base_url: str, client: str) -> Invitation:
    """Invite `fields["email"]` (with `name`, `is_superuser` and `grants`) and queue the one mail
    with the link, in `language`, in the same transaction."""
    require_administrator(actor)
    email, name = _checked_text(fields)
    grants = checked_grants(fields["grants"])
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        check_invitation_allowance(actor=actor, email=email)
        now = timezone.now()
        if Invitation.objects.filter(
            email__iexact=email, accepted_at=None, revoked_at=None, expires_at__gt=now
        ).exists():  # a second link for one person: revoke the first to send a new one
            raise ValidationFailed([("email", ALREADY_INVITED)])
        invitation = Invitation.objects.create(
            email=email, name=name, is_superuser=fields["is_superuser"], grants=grants, language=language,
            token_hash=token_hash(token), invited_by=actor, created_at=now, expires_at=now + VALID_FOR,
        )  # fmt: skip
        invitation.mail = queue_mail(
            to=email, composed=_invitation_mail(invitation, actor, token, base_url), key=f"invitation:{invitation.pk}"
        )
        invitation.save(update_fields=["mail"])
        audit.record(actor, "invite", "invitation", invitation.pk, {
            "email": email, "is_superuser": invitation.is_superuser, "grants": grants, "address": client,
        })  # fmt: skip
    return invitation


def _checked_text(fields: dict[str, Any]) -> tuple[str, str]:
    errors = [(field, problem) for field in ("email", "name") if (problem := unstorable_text_message(fields[field]))]
    if errors:
        raise ValidationFailed(errors)
    email = fields["email"].strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationFailed([("email", _("is not an email address"))]) from None
    return email, shown_text(fields["name"]).strip()


def _invitation_mail(invitation: Invitation, inviter: User, token: str, base_url: str) -> Any:
    context = {
        "name": invitation.name,
        "inviter": inviter.get_full_name() or inviter.get_username(),
        "invitation_url": f"{base_url}/admin/invitation/{token}/",
        "expires_at": invitation.expires_at,
        "base_url": base_url,
    }
    return compose(MAIL_TEMPLATE, context, invitation.language)


def invitation_revoke(*, actor: User, invitation_id: int, client: str) -> Invitation:
    """Revoke an open invitation: its link stops working at once."""
    require_administrator(actor)
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(pk=invitation_id).first()
        if invitation is None:
            raise NotFound(message(INVITATION_MISSING, id=invitation_id))
        state = invitation_state(invitation)
        if state != "open":
            raise ValidationFailed([("invitation", message(NOT_OPEN, state=STATE_WORDS[state]))])
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit.record(
            actor, "revoke_invitation", "invitation", invitation.pk, {"email": invitation.email, "address": client}
        )
    return Invitation.objects.select_related("invited_by", "mail").get(pk=invitation.pk)


def open_invitation(token: str) -> Invitation:
    """The open invitation the link's token names, or InvitationClosed saying why not."""
    invitation = Invitation.objects.filter(token_hash=token_hash(token)).first()
    if invitation is None:
        raise InvitationClosed("unknown")
    state = invitation_state(invitation)
    if state != "open":
        raise InvitationClosed(state)
    return invitation


def invitation_accept(*, token: str, username: str, password: str, client: str) -> User:
    """Make the invited account (staff, active, the invitation's name, address, role and grants)
    with the chosen username and password; once. A refused username or password stores nothing
    (ValidationFailed); a link that no longer opens an invitation raises InvitationClosed."""
    try:
        with transaction.atomic():
            invitation = Invitation.objects.select_for_update().filter(token_hash=token_hash(token)).first()
            if invitation is None:
                raise InvitationClosed("unknown")
            if (state := invitation_state(invitation)) != "open":
                raise InvitationClosed(state)
            fields = {
                "username": username, "password": password, "name": invitation.name,
                "email": invitation.email, "is_superuser": invitation.is_superuser,
            }  # fmt: skip
            user, errors = new_staff_user(fields)
            if errors:
                raise ValidationFailed(errors)
            user.save()
            give_grants(user, invitation.grants)
            invitation.accepted_at, invitation.accepted_user = timezone.now(), user
            invitation.save(update_fields=["accepted_at", "accepted_user"])
            audit.record(user, "accept_invitation", "user", user.pk, {
                "invitation_id": invitation.pk, "invited_by": invitation.invited_by_id,
                "username": user.username, "is_superuser": user.is_superuser,
                "grants": invitation.grants, "address": client,
            })  # fmt: skip
    except IntegrityError:  # the same username taken by another at the same moment
        raise ValidationFailed([("username", USERNAME_TAKEN)]) from None
    return user
