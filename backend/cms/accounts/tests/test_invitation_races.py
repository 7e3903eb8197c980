"""Accepts at once (PostgreSQL: real concurrency): one link accepted by four browsers at the same
moment makes exactly one account; two invitations accepted at once with one username make one
account and a form error, never a 500."""

from functools import partial
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from cms.accounts.invitations.services import InvitationClosed, invitation_accept, invitation_create
from cms.accounts.models import Invitation
from cms.core.exceptions import ValidationFailed
from cms.mail.models import OutgoingMail
from cms.pages.models import PageGrant
from cms.pages.tests.concurrency import at_once

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")
User = get_user_model()
PASSWORD = "a-long-Passphrase-9"


def invited_token(admin: Any, email: str, grants: list[dict[str, Any]] | None = None) -> str:
    fields = {"email": email, "name": "", "is_superuser": False, "grants": grants or []}
    invitation = invitation_create(actor=admin, fields=fields, language="en", base_url="http://x", client="")
    text = OutgoingMail.objects.get(pk=invitation.mail_id).text  # the mail is the one place the token is
    return text.split("/admin/invitation/", 1)[1].split("/", 1)[0]


@pytest.mark.django_db(transaction=True)
def test_one_link_accepted_at_once_by_four_makes_one_account(admin_user: Any, make_page: Any) -> None:
    section = make_page("Section")
    for round_number in range(6):
        grants = [{"page_ids": str(section.pk), "permissions": ["edit"]}]
        token = invited_token(admin_user, f"n{round_number}@example.com", grants)
        accept = partial(invitation_accept, token=token, password=PASSWORD, client="")
        outcomes = at_once(*((partial(accept, username=f"r{round_number}-{i}"), InvitationClosed) for i in range(4)))
        assert sorted(outcomes) == ["done", "refused", "refused", "refused"], outcomes
        made = User.objects.filter(username__startswith=f"r{round_number}-")
        assert made.count() == 1
        assert PageGrant.objects.filter(user__in=made).count() == 1
    assert Invitation.objects.filter(accepted_at__isnull=False).count() == 6


@pytest.mark.django_db(transaction=True)
def test_one_username_chosen_at_once_on_two_invitations_makes_one_account(admin_user: Any) -> None:
    for round_number in range(6):
        tokens = [invited_token(admin_user, f"{who}{round_number}@example.com") for who in ("a", "b")]
        outcomes = at_once(
            *(
                (partial(invitation_accept, token=token, username=f"same{round_number}", password=PASSWORD, client=""),
                 ValidationFailed)
                for token in tokens
            )
        )  # fmt: skip
        assert sorted(outcomes) == ["done", "refused"], outcomes
        assert User.objects.filter(username=f"same{round_number}").count() == 1
        assert Invitation.objects.filter(accepted_at__isnull=False).count() == round_number + 1
