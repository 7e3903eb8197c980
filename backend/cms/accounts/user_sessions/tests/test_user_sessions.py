"""Your sessions: indexed at sign-in, listed on the account page, "last seen" written rarely and
never by the public site, ended one by one, all others ended by a password change."""

import time
from typing import Any

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.models import Session
from django.test import Client

from cms.accounts.sessions import end_sessions
from cms.accounts.user_sessions import services
from cms.accounts.user_sessions.agents import describe
from cms.accounts.user_sessions.models import SignedInSession
from cms.audit.models import AuditEntry

PASSWORD = "a-long-pass-phrase-1"
CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"


@pytest.fixture
def carol(db: Any) -> Any:
    return get_user_model().objects.create_user("carol", "carol@example.com", PASSWORD, is_staff=True)


def sign_in(user_agent: str, address: str, username: str = "carol") -> Client:
    client = Client(HTTP_USER_AGENT=user_agent, REMOTE_ADDR=address)
    answer = client.post("/admin/login/", {"username": username, "password": PASSWORD})
    assert answer.status_code == 302
    return client


@pytest.mark.parametrize(
    ("agent", "words"),
    [
        (CHROME_LINUX, "Chrome on Linux"),
        (FIREFOX_WINDOWS, "Firefox on Windows"),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15",
            "Safari on macOS",
        ),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) CriOS/131.0 Mobile Safari/604.1", "Chrome on iOS"),
        ("Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"),
        ("Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36", "Chrome on Android"),
        ("curl/8.5.0", "Unknown browser"),
        ("", "Unknown browser"),
    ],
)
def test_browsers_in_words(agent: str, words: str) -> None:
    assert describe(agent) == words


def test_sessions_are_listed_with_this_one_first(carol: Any) -> None:
    other = sign_in(FIREFOX_WINDOWS, "198.51.100.9")
    this = sign_in(CHROME_LINUX, "203.0.113.7")
    page = this.get("/admin/account/").content.decode()
    assert page.index("Chrome on Linux") < page.index("This session") < page.index("Firefox on Windows")
    assert "203.0.113.7" in page and "198.51.100.9" in page
    assert SignedInSession.objects.filter(user=carol).count() == 2
    assert other.get("/admin/account/").status_code == 200


def test_last_seen_is_written_at_most_every_few_minutes_and_never_by_the_public_site(carol: Any) -> None:
    client = sign_in(CHROME_LINUX, "203.0.113.7")
    row = SignedInSession.objects.get()
    SignedInSession.objects.update(last_seen_at=row.signed_in_at.replace(year=2020))
    client.get("/admin/account/")  # seen a moment ago (at sign-in): nothing written
    assert SignedInSession.objects.get().last_seen_at.year == 2020
    session = client.session
    session[services.SEEN_KEY] = time.time() - services.SEEN_EVERY.total_seconds() - 1
    session.save()
    client.get("/en/")  # the public site: never
    assert SignedInSession.objects.get().last_seen_at.year == 2020
    client.get("/admin/account/")
    assert SignedInSession.objects.get().last_seen_at.year > 2020


def test_no_write_between_refreshes(carol: Any) -> None:
    client = sign_in(CHROME_LINUX, "203.0.113.7")
    client.get("/admin/account/")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get("/admin/en/pages.json")
    writes = [q["sql"] for q in captured if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert writes == []


def test_ending_another_session_signs_it_out_and_is_audited(carol: Any) -> None:
    other = sign_in(FIREFOX_WINDOWS, "198.51.100.9")
    this = sign_in(CHROME_LINUX, "203.0.113.7")
    row = SignedInSession.objects.get(user_agent=FIREFOX_WINDOWS)
    answer = this.post(f"/admin/account/sessions/{row.pk}/end")
    assert answer.status_code == 302
    assert other.get("/admin/account/").status_code == 302  # to the login
    assert not Session.objects.filter(session_key=row.session_id).exists()
    assert this.get("/admin/account/").status_code == 200
    entry = AuditEntry.objects.get(action="session_ended")
    assert entry.user == carol
    assert entry.details == {
        "address": "203.0.113.7",
        "session": "Firefox on Windows",
        "session_address": "198.51.100.9",
    }


def test_ending_this_session_signs_out(carol: Any) -> None:
    this = sign_in(CHROME_LINUX, "203.0.113.7")
    row = SignedInSession.objects.get()
    answer = this.post(f"/admin/account/sessions/{row.pk}/end")
    assert answer.status_code == 302 and answer["Location"] == "/admin/login/"
    assert SESSION_KEY not in this.session
    assert services.sessions_of(carol, None) == []


def test_another_users_session_cannot_be_ended(carol: Any) -> None:
    get_user_model().objects.create_user("dave", password=PASSWORD, is_staff=True)
    dave = sign_in(CHROME_LINUX, "203.0.113.8", "dave")
    sign_in(CHROME_LINUX, "203.0.113.7")
    row = SignedInSession.objects.get(user=carol)
    assert dave.post(f"/admin/account/sessions/{row.pk}/end").status_code == 404
    assert Session.objects.filter(session_key=row.session_id).exists()
    assert dave.get(f"/admin/account/sessions/{row.pk}/end").status_code == 405


def test_ending_needs_the_csrf_token(carol: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(carol)
    row = SignedInSession.objects.get()
    assert client.post(f"/admin/account/sessions/{row.pk}/end").status_code == 403
    assert SignedInSession.objects.exists()


def test_a_password_change_ends_every_other_session(carol: Any) -> None:
    other = sign_in(FIREFOX_WINDOWS, "198.51.100.9")
    this = sign_in(CHROME_LINUX, "203.0.113.7")
    new = "An0ther-long-pass-phrase"
    changed = this.post("/admin/account/", {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert changed.status_code == 302
    assert this.get("/admin/account/").status_code == 200
    assert other.get("/admin/account/").status_code == 302
    # This session's key was cycled by the change: it is still listed, under its new key.
    rows = services.sessions_of(carol, this.session.session_key)
    assert [row.current for row in rows] == [True]
    assert Session.objects.filter(expire_date__isnull=False).count() == 1
    entry = AuditEntry.objects.get(action="password_change")
    assert entry.details == {"address": "203.0.113.7", "sessions_ended": 1}


def test_sessions_signed_out_or_ended_are_not_listed_and_pruned_at_the_next_sign_in(carol: Any) -> None:
    first = sign_in(CHROME_LINUX, "203.0.113.7")
    sign_in(FIREFOX_WINDOWS, "198.51.100.9")
    first.post("/admin/logout/")
    assert [row.description for row in services.sessions_of(carol, None)] == ["Firefox on Windows"]
    assert end_sessions(carol) == 1
    assert services.sessions_of(carol, None) == []
    sign_in(CHROME_LINUX, "203.0.113.7")
    assert SignedInSession.objects.count() == 1


def test_a_second_sign_in_in_one_browser_is_one_session(carol: Any) -> None:
    client = sign_in(CHROME_LINUX, "203.0.113.7")
    client.post("/admin/login/", {"username": "carol", "password": PASSWORD})
    client.force_login(carol)
    assert list(SignedInSession.objects.values_list("session_id", flat=True)) == [client.session.session_key]


def test_a_hostile_user_agent_is_stored_as_printable_text(carol: Any) -> None:
    client = sign_in("Chrome/1\u0000\u0007 on \ud800" + "x" * 5000, "203.0.113.7")
    row = SignedInSession.objects.get()
    assert "\u0000" not in row.user_agent and len(row.user_agent) <= 300
    assert client.get("/admin/account/").status_code == 200
