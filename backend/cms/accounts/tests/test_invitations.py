"""Invitations (DESIGN §3): a superuser invites an address with grants; one mail (the real SMTP
server of cms/mail/tests) in the chosen language carries the link; the invitee makes the account
once, within 7 days, with exactly those grants; revocable; listed with state and delivery;
throttled; audited with who and from where, never with the token."""

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from cms.accounts.invitations.services import token_hash
from cms.accounts.invitations.throttle import PER_ADDRESS_PER_DAY, PER_INVITER_PER_HOUR
from cms.accounts.models import Invitation
from cms.audit.models import AuditEntry
from cms.background.tests.worker import run_queued_tasks
from cms.mail.models import OutgoingMail
from cms.mail.tests.smtp import SmtpServer, html_part, text_part
from cms.pages.models import PageGrant

User = get_user_model()
LINK = re.compile(r"(https?://[^/\s]+)(/admin/invitation/([^/\s]+)/)")
PASSWORD = "a-long-Passphrase-9"


def invite(api: Any, **fields: Any) -> Any:
    """POST an invitation; upper-case keywords (REMOTE_ADDR, HTTP_…) are the request's."""
    extra = {key: fields.pop(key) for key in list(fields) if key.isupper()}
    body = {"email": "nora@example.com", "name": "Nora Nilsen", "is_superuser": False, "grants": [], **fields}
    return api.client.post(
        "/admin/invitations.json", json.dumps({"invitation": body}), content_type="application/json",
        headers=api._headers(), **extra,
    )  # fmt: skip


def the_link(smtp_server: SmtpServer, to: str = "nora@example.com") -> re.Match[str]:
    run_queued_tasks()
    [message] = [m for m in smtp_server.messages if m["To"] == to]
    found = LINK.search(text_part(message))
    assert found, text_part(message)
    return found


def accept(path: str, username: str = "nora", password: str = PASSWORD, **headers: Any) -> Any:
    return Client().post(path, {"username": username, "password1": password, "password2": password}, **headers)


def test_an_invitation_mails_one_link_that_makes_the_account_with_its_grants(
    api: Any, admin_user: Any, make_page: Any, smtp_server: SmtpServer
) -> None:
    section = make_page("Section")
    other = make_page("Other")
    grants = [{"page_ids": f"{section.pk}", "permissions": ["edit"]}, {"page_ids": "root", "permissions": ["create"]}]
    answer = invite(api, grants=grants, REMOTE_ADDR="192.0.2.9")
    assert answer.status_code == 201, answer.content
    created = answer.json()
    assert {k: created[k] for k in ("email", "name", "state", "delivery")} == {
        "email": "nora@example.com", "name": "Nora Nilsen", "state": "open", "delivery": "queued",
    }  # fmt: skip
    expires = timezone.datetime.fromisoformat(created["expires_at"])
    assert abs(expires - (timezone.now() + timedelta(days=7))) < timedelta(minutes=1)
    assert smtp_server.messages == []  # sent after the answer, by a worker
    link = the_link(smtp_server)
    [message] = smtp_server.messages
    assert message["Subject"] == "admin invites you to the back office"
    assert link.group(1) == "http://testserver"
    assert link.group(2) in html_part(message)
    assert "7 days" in text_part(message)
    token = link.group(3)
    assert token not in json.dumps(created) and token not in api.get("/admin/invitations.json").content.decode()
    assert Invitation.objects.get().token_hash == token_hash(token) != token

    page = Client().get(link.group(2))
    assert page.status_code == 200
    assert 'name="username"' in page.content.decode() and 'name="password2"' in page.content.decode()
    done = accept(link.group(2))
    assert done.status_code == 200, done.content.decode()
    assert "Your account is ready" in done.content.decode()
    nora = User.objects.get(username="nora")
    assert (nora.is_active, nora.is_staff, nora.is_superuser) == (True, True, False)
    assert (nora.email, nora.get_full_name()) == ("nora@example.com", "Nora Nilsen")
    assert nora.check_password(PASSWORD)
    held = {(g.page_id, g.edit, g.create) for g in PageGrant.objects.filter(user=nora)}
    assert held == {(section.pk, True, False), (None, False, True)}
    assert not PageGrant.objects.filter(user=nora, page=other).exists()
    assert Client().login(username="nora", password=PASSWORD)
    [listed] = api.get("/admin/invitations.json").json()
    assert (listed["state"], listed["delivery"], listed["accepted_user_id"]) == ("accepted", "sent", nora.pk)
    # Once: the link now says it was used, and makes nothing.
    again = accept(link.group(2), username="nora2")
    assert again.status_code == 410 and "used already" in again.content.decode()
    assert not User.objects.filter(username="nora2").exists()


def test_only_administrators_invite_list_and_revoke(api: Any, editor_api: Any, anonymous_api: Any) -> None:
    assert invite(editor_api).status_code == 403
    assert editor_api.get("/admin/invitations.json").status_code == 403
    assert anonymous_api.get("/admin/invitations.json").status_code in (401, 403)
    assert invite(anonymous_api).status_code in (401, 403)
    assert not Invitation.objects.exists()
    created = invite(api).json()
    assert editor_api.client.delete(f"/admin/invitations/{created['id']}.json").status_code == 403
    assert Invitation.objects.get().revoked_at is None


def test_the_mail_and_the_page_speak_the_chosen_language_else_the_inviters(api: Any, smtp_server: SmtpServer) -> None:
    assert invite(api, email="ar@example.com", language="ar").status_code == 201
    assert invite(api, email="nb@example.com", HTTP_ACCEPT_LANGUAGE="nb").status_code == 201  # the inviter's
    arabic_link, norwegian_link = the_link(smtp_server, "ar@example.com"), the_link(smtp_server, "nb@example.com")
    by_reader = {m["To"]: m for m in smtp_server.messages}
    arabic, norwegian = by_reader["ar@example.com"], by_reader["nb@example.com"]
    assert 'dir="rtl"' in html_part(arabic) and 'lang="ar"' in html_part(arabic)
    assert arabic["Content-Language"] == "ar" and norwegian["Content-Language"] == "nb"
    assert "inviterer deg" in norwegian["Subject"]
    page = Client().get(arabic_link.group(2), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'dir="rtl"' in page and 'lang="ar"' in page
    assert 'lang="nb"' in Client().get(norwegian_link.group(2)).content.decode()
    # A link that opens no invitation: the browser's language.
    assert 'lang="nb"' in Client().get("/admin/invitation/nothing-here/", HTTP_ACCEPT_LANGUAGE="nb").content.decode()


def test_revoking_an_open_invitation_stops_its_link_and_nothing_else_can_be_revoked(
    api: Any, smtp_server: SmtpServer
) -> None:
    created = invite(api).json()
    path = the_link(smtp_server).group(2)
    revoked = api.client.delete(f"/admin/invitations/{created['id']}.json", headers={"X-CSRFToken": api.token})
    assert revoked.status_code == 200 and revoked.json()["state"] == "revoked"
    page = Client().get(path)
    assert page.status_code == 410 and "withdrawn" in page.content.decode()
    assert accept(path).status_code == 410 and not User.objects.filter(username="nora").exists()
    twice = api.client.delete(f"/admin/invitations/{created['id']}.json", headers={"X-CSRFToken": api.token})
    assert twice.status_code == 422
    assert api.client.delete("/admin/invitations/999999.json", headers={"X-CSRFToken": api.token}).status_code == 404
    # Without the CSRF header: refused.
    assert api.client.delete(f"/admin/invitations/{created['id']}.json").status_code == 403


def test_an_invitation_expires_after_7_days(api: Any, smtp_server: SmtpServer) -> None:
    invite(api)
    path = the_link(smtp_server).group(2)
    Invitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert api.get("/admin/invitations.json").json()[0]["state"] == "expired"
    page = Client().get(path)
    assert page.status_code == 410 and "older than 7 days" in page.content.decode()
    assert accept(path).status_code == 410
    assert not User.objects.filter(username="nora").exists()
    invitation = Invitation.objects.get()
    revoked = api.client.delete(f"/admin/invitations/{invitation.pk}.json", headers={"X-CSRFToken": api.token})
    assert revoked.status_code == 422


@pytest.mark.parametrize(
    ("username", "password1", "password2", "field"),
    [
        ("admin", PASSWORD, PASSWORD, "is taken"),  # another's username, whatever the case
        ("ADMIN", PASSWORD, PASSWORD, "is taken"),
        ("no spaces", PASSWORD, PASSWORD, "may hold only"),
        ("nora", "password", "password", "too common"),
        ("nora", "nora1", "nora1", "too short"),
        ("nora", PASSWORD, PASSWORD + "x", "differ"),
        ("", PASSWORD, PASSWORD, "required"),
        ("n" * 151, PASSWORD, PASSWORD, "at most 150"),
        ("nora\x00", PASSWORD, PASSWORD, "Null characters"),
    ],
)
def test_a_refused_form_says_why_and_stores_nothing(
    api: Any, smtp_server: SmtpServer, username: str, password1: str, password2: str, field: str
) -> None:
    invite(api)
    path = the_link(smtp_server).group(2)
    count = User.objects.count()
    answer = Client().post(path, {"username": username, "password1": password1, "password2": password2})
    assert answer.status_code == 400
    assert field in answer.content.decode()
    assert User.objects.count() == count
    assert Invitation.objects.get().accepted_at is None
    assert accept(path).status_code == 200  # the link still works


@pytest.mark.parametrize(
    "path",
    [
        "/admin/invitation/forged/",
        "/admin/invitation/" + "A" * 43 + "/",
        "/admin/invitation/" + "x" * 5000 + "/",
        "/admin/invitation/%00/",
        "/admin/invitation/%ff%fe/",
        "/admin/invitation/%ED%A0%80/",  # a surrogate, UTF-8 encoded
    ],
)
def test_forged_links_show_a_clear_page_never_an_error(db: Any, path: str) -> None:
    for answer in (Client().get(path), accept(path)):
        assert answer.status_code in (400, 404), answer.status_code
    assert not User.objects.filter(username="nora").exists()


def test_an_address_with_an_open_invitation_gets_no_second_one(api: Any) -> None:
    assert invite(api).status_code == 201
    again = invite(api, email="NORA@example.com")
    assert again.status_code == 422 and again.json()["errors"][0][0] == "email"
    assert Invitation.objects.count() == 1 and OutgoingMail.objects.count() == 1


def test_invitations_are_throttled_per_inviter_and_per_address(api: Any, admin_user: Any) -> None:
    for _number in range(PER_ADDRESS_PER_DAY):
        assert invite(api, email="same@example.com").status_code == 201
        Invitation.objects.filter(email="same@example.com").update(revoked_at=timezone.now())
    refused = invite(api, email="same@example.com")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 3600
    for number in range(PER_INVITER_PER_HOUR - PER_ADDRESS_PER_DAY):
        assert invite(api, email=f"n{number}@example.com").status_code == 201
    refused = invite(api, email="fresh@example.com")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 3600
    assert Invitation.objects.count() == PER_INVITER_PER_HOUR == OutgoingMail.objects.count()
    Invitation.objects.update(created_at=timezone.now() - timedelta(hours=2))
    assert invite(api, email="fresh@example.com").status_code == 201


def test_a_mail_that_failed_for_good_reads_not_delivered(api: Any, settings: Any, smtp_server: SmtpServer) -> None:
    settings.CMS_MAIL_RETRY_DELAYS = [0]
    smtp_server.mailbox.refusing = True
    invite(api)
    run_queued_tasks()
    [listed] = api.get("/admin/invitations.json").json()
    assert (listed["state"], listed["delivery"]) == ("open", "failed")


def test_the_log_names_who_invited_whom_and_from_where_without_the_token(
    api: Any, admin_user: Any, make_page: Any, smtp_server: SmtpServer
) -> None:
    admin_user.first_name = "Ada Admin"
    admin_user.save()
    section = make_page("Section")
    first = invite(api, grants=[{"page_ids": str(section.pk), "permissions": ["edit"]}], REMOTE_ADDR="192.0.2.1")
    second = invite(api, email="olga@example.com", REMOTE_ADDR="192.0.2.2").json()
    api.client.delete(
        f"/admin/invitations/{second['id']}.json", headers={"X-CSRFToken": api.token}, REMOTE_ADDR="192.0.2.3"
    )
    link = the_link(smtp_server)
    accept(link.group(2), REMOTE_ADDR="198.51.100.4")
    nora = User.objects.get(username="nora")
    entries = {
        e.action: e for e in AuditEntry.objects.filter(action__in=["invite", "revoke_invitation", "accept_invitation"])
    }
    invited = AuditEntry.objects.get(action="invite", subject_id=first.json()["id"])
    assert (invited.user_id, invited.subject, invited.details["address"]) == (admin_user.pk, "invitation", "192.0.2.1")
    assert invited.details["grants"] == [{"page_ids": [section.pk], "permissions": ["edit"]}]
    assert (entries["revoke_invitation"].user_id, entries["revoke_invitation"].details["address"]) == (
        admin_user.pk,
        "192.0.2.3",
    )
    accepted = entries["accept_invitation"]
    assert (accepted.user_id, accepted.subject, accepted.subject_id) == (nora.pk, "user", nora.pk)
    assert accepted.details["invited_by"] == admin_user.pk and accepted.details["address"] == "198.51.100.4"
    logged = json.dumps([e.details for e in AuditEntry.objects.all()])
    assert link.group(3) not in logged and PASSWORD not in logged
    # The whole log names both people.
    [entry] = api.get(f"/admin/audit.json?user_id={nora.pk}").json()["entries"]
    assert entry["user"]["name"] == "Nora Nilsen"
    assert entry["names"]["user"][str(admin_user.pk)] == "Ada Admin"


def test_deactivated_users_are_listed_apart_and_reactivation_is_audited_with_the_address(
    api: Any, admin_user: Any, editor: Any
) -> None:
    api.put(f"/admin/users/{editor.pk}.json", {"user": {"is_active": False}})
    assert [u["username"] for u in api.get("/admin/users.json?active=false").json()] == ["editor"]
    assert "editor" not in [u["username"] for u in api.get("/admin/users.json?active=true").json()]
    assert len(api.get("/admin/users.json").json()) == 2
    answer = api.client.put(
        f"/admin/users/{editor.pk}.json", json.dumps({"user": {"is_active": True}}),
        content_type="application/json", headers={"X-CSRFToken": api.token}, REMOTE_ADDR="203.0.113.5",
    )  # fmt: skip
    assert answer.status_code == 200 and answer.json()["is_active"] is True
    assert api.get("/admin/users.json?active=false").json() == []
    entry = AuditEntry.objects.get(action="reactivate")
    assert (entry.user_id, entry.subject_id, entry.details) == (admin_user.pk, editor.pk, {"address": "203.0.113.5"})
    assert api.get("/admin/users.json?active=maybe").status_code == 422


def test_no_log_line_holds_the_token(api: Any, settings: Any, smtp_server: SmtpServer) -> None:
    """The access line and Django's warnings name the path; the console handler hides its secret."""
    import io
    import logging

    from cms.core.log_lines import JsonLineFormatter, SecretPathFilter

    assert "secret_paths" in settings.LOGGING["handlers"]["console"]["filters"]
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(SecretPathFilter())
    handler.setFormatter(JsonLineFormatter())
    loggers = [logging.getLogger("cms.access"), logging.getLogger("django.request")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    try:
        invite(api)
        link = the_link(smtp_server)
        Client().get(link.group(2))
        accept(link.group(2))
        accept(link.group(2))  # used: a 410, which Django logs as a warning
        Client().get("/admin/reset/MQ/some-reset-token/")
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)
    written = stream.getvalue()
    assert "/admin/invitation/[hidden]/" in written and "Gone" in written
    assert link.group(3) not in written
    assert "some-reset-token" not in written and "/admin/reset/MQ/[hidden]/" in written


def test_the_list_answers_the_newest_500(api: Any, admin_user: Any) -> None:
    from cms.accounts.invitations.services import MAX_LISTED

    now = timezone.now()
    Invitation.objects.bulk_create(
        Invitation(
            email=f"n{i}@example.com", language="en", token_hash=f"{i:064d}", invited_by=admin_user,
            created_at=now - timedelta(minutes=i), expires_at=now + timedelta(days=1),
        )
        for i in range(MAX_LISTED + 1)
    )  # fmt: skip
    listed = api.get("/admin/invitations.json").json()
    assert len(listed) == MAX_LISTED
    assert listed[0]["email"] == "n0@example.com" and listed[-1]["email"] == f"n{MAX_LISTED - 1}@example.com"
