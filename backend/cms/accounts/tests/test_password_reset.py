"""Password reset (DESIGN §3): Django's views and tokens at /admin/password_reset/, the same answer
for any address, one mail in the reader's language sent by a worker over real SMTP, a link that
works once and for a day, every other session ended, deactivated users left out, requests
throttled per address and per client, and the log told without secrets."""

import json
import re
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from cms.accounts.languages import set_interface_language
from cms.accounts.reset_throttle import MAX_REQUESTS_PER_ADDRESS, MAX_REQUESTS_PER_CLIENT
from cms.audit.models import AuditEntry
from cms.background.tests.worker import run_queued_tasks
from cms.mail.tests.smtp import SmtpServer, html_part, text_part

User = get_user_model()
LINK = re.compile(r"(https?://[^/\s]+)(/admin/reset/([^/\s]+)/([^/\s]+)/)")
OLD_PASSWORD = "old-secret-pass-1"
NEW_PASSWORD = "brand-new-pass-42"


@pytest.fixture
def editor(db: Any) -> Any:
    return User.objects.create_user("edith", "edith@example.com", OLD_PASSWORD, is_staff=True)


def request_reset(client: Client, email: str, **headers: Any) -> Any:
    return client.post("/admin/password_reset/", {"email": email}, **headers)


def reset_link(smtp_server: SmtpServer) -> re.Match[str]:
    [message] = smtp_server.messages
    found = LINK.search(text_part(message))
    assert found, text_part(message)
    return found


def set_password_through(client: Client, path: str, password: str = NEW_PASSWORD) -> Any:
    opened = client.get(path)
    assert opened.status_code == 302  # Django keeps the token in the session, out of the address
    return client.post(opened["Location"], {"new_password1": password, "new_password2": password})


def test_the_login_form_links_to_the_reset_page_which_asks_for_an_email(db: Any, client: Client) -> None:
    assert 'href="/admin/password_reset/"' in client.get("/admin/login/").content.decode()
    page = client.get("/admin/password_reset/")
    assert page.status_code == 200
    assert 'name="email"' in page.content.decode()


def test_the_pages_speak_the_interface_language_right_to_left_in_arabic(db: Any, client: Client) -> None:
    arabic = client.get("/admin/password_reset/", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert 'dir="rtl"' in arabic and "نسيت كلمة المرور؟" in arabic
    norwegian = client.get("/admin/password_reset/", HTTP_ACCEPT_LANGUAGE="nb").content.decode()
    assert 'dir="ltr"' in norwegian and "Glemt passordet?" in norwegian


def test_known_and_unknown_addresses_get_the_same_answer_and_only_an_account_gets_mail(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    known = request_reset(client, "edith@example.com")
    unknown = request_reset(client, "nobody@example.com")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert known.status_code == 302 and known["Location"] == "/admin/password_reset/done/"
    assert smtp_server.messages == []  # the mail is a worker's, after the answer
    assert "Check your mail" in client.get(known["Location"]).content.decode()
    run_queued_tasks()
    [message] = smtp_server.messages
    assert message["To"] == "edith@example.com"
    assert message["Subject"] == "A new password for the back office"
    assert "edith" in text_part(message)
    link = reset_link(smtp_server)
    assert link.group(1) == "http://testserver"  # the address the request came to
    assert link.group(2) in html_part(message)


def test_links_start_with_cms_base_url_when_it_is_set(
    editor: Any, client: Client, settings: Any, smtp_server: SmtpServer
) -> None:
    settings.CMS_BASE_URL = "https://cms.example.org"
    request_reset(client, "edith@example.com")
    run_queued_tasks()
    assert reset_link(smtp_server).group(1) == "https://cms.example.org"


def test_the_mail_is_in_the_readers_language(editor: Any, client: Client, smtp_server: SmtpServer) -> None:
    request_reset(client, "edith@example.com", HTTP_ACCEPT_LANGUAGE="ar")  # no choice stored: the request's
    set_interface_language(User.objects.create_user("nora", "nora@example.com", "x-pass-1234"), "nb")
    request_reset(client, "nora@example.com", HTTP_ACCEPT_LANGUAGE="ar")  # her own choice wins
    run_queued_tasks()
    by_reader = {message["To"]: message for message in smtp_server.messages}
    arabic, norwegian = by_reader["edith@example.com"], by_reader["nora@example.com"]
    assert arabic["Subject"].strip() == "كلمة مرور جديدة للوحة الإدارة"
    assert 'dir="rtl"' in html_part(arabic) and 'lang="ar"' in html_part(arabic)
    assert norwegian["Subject"].strip() == "Nytt passord til administrasjonen"
    assert "Velg et nytt passord" in text_part(norwegian)


def test_deactivated_users_and_other_addresses_get_no_mail(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    editor.is_active = False
    editor.save()
    assert request_reset(client, "edith@example.com").status_code == 302
    run_queued_tasks()
    assert smtp_server.messages == []


def test_the_link_sets_the_password_once_and_ends_every_other_session(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    elsewhere = Client()
    assert elsewhere.login(username="edith", password=OLD_PASSWORD)
    request_reset(client, "edith@example.com")
    run_queued_tasks()
    path = reset_link(smtp_server).group(2)
    done = set_password_through(client, path)
    assert (done.status_code, done["Location"]) == (302, "/admin/reset/done/")
    assert "every other session" in client.get("/admin/reset/done/").content.decode()
    editor.refresh_from_db()
    assert editor.check_password(NEW_PASSWORD)
    assert elsewhere.get("/admin/account/").status_code == 302  # signed out
    assert not [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(editor.pk)]
    # Once: the link no longer works, nor a second form sent with the same session.
    assert Client().get(path).status_code == 400
    assert client.get(path).status_code == 400
    uid = reset_link(smtp_server).group(3)
    second = client.post(
        f"/admin/reset/{uid}/set-password/", {"new_password1": "x-77-pass", "new_password2": "x-77-pass"}
    )
    assert second.status_code == 400
    editor.refresh_from_db()
    assert editor.check_password(NEW_PASSWORD)
    assert Client().login(username="edith", password=NEW_PASSWORD)


class TokensMadeAt(PasswordResetTokenGenerator):
    """Django's token generator as it was at another time (the tokens hold when they were made)."""

    def __init__(self, at: datetime) -> None:
        super().__init__()
        self.at = at

    def _now(self) -> datetime:
        return self.at


def test_a_link_works_for_a_day_at_most(editor: Any, client: Client) -> None:
    uid = urlsafe_base64_encode(force_bytes(editor.pk))
    day_and_a_minute_ago = datetime.now() - timedelta(days=1, minutes=1)  # naive, as Django's tokens count
    old_token = TokensMadeAt(day_and_a_minute_ago).make_token(editor)
    page = client.get(f"/admin/reset/{uid}/{old_token}/", follow=True)
    assert page.status_code == 400
    assert 'name="new_password1"' not in page.content.decode()
    fresh = TokensMadeAt(datetime.now() - timedelta(hours=23)).make_token(editor)
    assert client.get(f"/admin/reset/{uid}/{fresh}/", follow=True).status_code == 200


def test_requests_are_throttled_per_address_and_per_client(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    for _ in range(MAX_REQUESTS_PER_ADDRESS):
        assert request_reset(client, "EDITH@example.com", REMOTE_ADDR="10.0.0.1").status_code == 302
    refused = request_reset(client, "edith@example.com", REMOTE_ADDR="10.0.0.2")  # any case, any client
    assert refused.status_code == 429
    assert "Too many requests for a new password" in refused.content.decode()
    run_queued_tasks()
    assert len(smtp_server.messages) == MAX_REQUESTS_PER_ADDRESS
    # One client asking for many addresses is stopped too, known or not.
    for number in range(MAX_REQUESTS_PER_CLIENT - MAX_REQUESTS_PER_ADDRESS):
        assert request_reset(client, f"someone{number}@example.com", REMOTE_ADDR="10.0.0.1").status_code == 302
    assert request_reset(client, "fresh@example.com", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert request_reset(client, "fresh@example.com", REMOTE_ADDR="10.0.0.3").status_code == 302


def test_the_log_tells_of_a_reset_asked_for_and_done_without_any_secret(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    request_reset(client, "edith@example.com", REMOTE_ADDR="192.0.2.7")
    run_queued_tasks()
    link = reset_link(smtp_server)
    set_password_through(client, link.group(2), NEW_PASSWORD)
    entries = {entry.action: entry for entry in AuditEntry.objects.filter(subject="user", subject_id=editor.pk)}
    assert entries["password_reset_request"].details == {"address": "192.0.2.7"}
    assert entries["password_reset"].user_id == editor.pk
    assert entries["password_reset"].details["address"] == "127.0.0.1"
    logged = json.dumps([entry.details for entry in AuditEntry.objects.all()])
    assert link.group(4) not in logged and NEW_PASSWORD not in logged and OLD_PASSWORD not in logged


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"email": ""},
        {"email": "not an address"},
        {"email": "a" * 300 + "@example.com"},
        {"email": ["a@b.c", "d@e.f"]},
    ],
)
def test_a_malformed_request_is_refused_with_400(
    db: Any, client: Client, data: dict[str, Any], smtp_server: SmtpServer
) -> None:
    assert client.post("/admin/password_reset/", data).status_code == 400
    run_queued_tasks()
    assert smtp_server.messages == []


@pytest.mark.parametrize(
    "path",
    [
        "/admin/reset/!!!/set-password/",
        "/admin/reset/MQ/x/",
        "/admin/reset/OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5/abc-def/",
        "/admin/reset/" + "A" * 2000 + "/" + "b" * 2000 + "/",
        "/admin/reset/%00/%ff/",
    ],
)
def test_forged_links_answer_400_never_an_error(db: Any, client: Client, path: str) -> None:
    assert client.get(path).status_code == 400
    assert client.post(path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}).status_code == 400


def test_new_passwords_that_differ_or_are_weak_are_refused_and_nothing_changes(
    editor: Any, client: Client, smtp_server: SmtpServer
) -> None:
    request_reset(client, "edith@example.com")
    run_queued_tasks()
    opened = client.get(reset_link(smtp_server).group(2))
    for first, second in [(NEW_PASSWORD, NEW_PASSWORD + "x"), ("123", "123"), ("", "")]:
        assert client.post(opened["Location"], {"new_password1": first, "new_password2": second}).status_code == 400
    editor.refresh_from_db()
    assert editor.check_password(OLD_PASSWORD)
