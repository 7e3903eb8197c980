"""The login's second step: a TOTP code (once), a recovery code (once), throttled, expiring."""

import time
from typing import Any

import pytest
from django.test import Client

from cms.accounts.totp.tests.conftest import ADDRESS, code_at, password_step, second_step, signed_in
from cms.accounts.two_step import pending
from cms.audit.models import AuditEntry


def test_password_alone_signs_in_a_user_without_a_second_factor(carol: Any) -> None:
    client = Client()
    answer = password_step(client)
    assert answer.status_code == 302 and answer.url == "/admin/"
    assert signed_in(client)
    entry = AuditEntry.objects.get(action="sign_in")
    assert entry.user == carol and entry.details == {"address": ADDRESS, "method": "password"}


def test_with_totp_the_password_leads_to_the_second_step(carol_on: Any) -> None:
    client = Client()
    answer = password_step(client)
    assert answer.status_code == 302 and answer.url == "/admin/login/two_factor/"
    assert not signed_in(client)
    assert client.get("/admin/").status_code == 302  # to the login: not signed in
    page = client.get("/admin/login/two_factor/")
    assert page.status_code == 200 and b'name="code"' in page.content
    assert not AuditEntry.objects.filter(action="sign_in").exists()


def test_the_next_address_is_kept(carol_on: Any) -> None:
    client = Client()
    answer = client.post(
        "/admin/login/", {"username": "carol", "password": "a-long-pass-phrase-1", "next": "/admin/log"}
    )
    assert answer.url == "/admin/login/two_factor/?next=%2Fadmin%2Flog"
    secret, _codes = carol_on
    done = client.post("/admin/login/two_factor/?next=/admin/log", {"code": code_at(secret, 1), "next": "/admin/log"})
    assert done.status_code == 302 and done.url == "/admin/log"


def test_a_current_code_signs_in_once(carol_on: Any, carol: Any) -> None:
    secret, _codes = carol_on
    client = Client()
    password_step(client)
    code = code_at(secret, 1)  # the confirming code used this step already
    answer = second_step(client, code)
    assert answer.status_code == 302 and answer.url == "/admin/"
    assert signed_in(client)
    entry = AuditEntry.objects.get(action="sign_in")
    assert entry.user == carol and entry.details == {"address": ADDRESS, "method": "totp"}
    # The same code again, in another browser: a replay within its window is refused.
    other = Client()
    password_step(other)
    assert second_step(other, code).status_code == 400
    assert not signed_in(other)
    failed = AuditEntry.objects.get(action="second_step_failed")
    assert failed.details == {"address": ADDRESS, "method": "totp"}
    assert code not in str(failed.details)


def test_a_recovery_code_works_once_and_says_how_many_are_left(carol_on: Any) -> None:
    _secret, codes = carol_on
    client = Client()
    password_step(client)
    answer = second_step(client, codes[3].upper().replace("-", " "))
    assert answer.status_code == 200
    assert b'data-recovery-codes-left="9"' in answer.content
    assert signed_in(client)
    assert AuditEntry.objects.get(action="sign_in").details["method"] == "recovery_code"
    other = Client()
    password_step(other)
    assert second_step(other, codes[3]).status_code == 400
    assert not signed_in(other)
    assert AuditEntry.objects.get(action="second_step_failed").details["method"] == "recovery_code"


def test_wrong_codes_are_throttled_like_passwords(carol_on: Any) -> None:
    secret, codes = carol_on
    client = Client()
    password_step(client)
    for _ in range(5):
        assert second_step(client, "000000" if code_at(secret, 1) != "000000" else "111111").status_code == 400
    assert second_step(client, codes[0]).status_code == 429
    assert not signed_in(client)
    # The password step is refused as well now: the same counters.
    assert password_step(Client()).status_code == 200


def test_the_wait_expires(carol_on: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    secret, _codes = carol_on
    client = Client()
    password_step(client)
    later = time.time() + pending.WAIT_SECONDS + 1
    monkeypatch.setattr(pending.time, "time", lambda: later)
    answer = second_step(client, code_at(secret, 1))
    assert answer.status_code == 302 and answer.url == "/admin/login/"
    assert not signed_in(client)


def test_the_second_step_without_a_password_goes_back_to_the_login(carol_on: Any) -> None:
    assert Client().get("/admin/login/two_factor/").url == "/admin/login/"


def test_a_user_with_only_a_passkey_sees_only_the_passkey_option(carol: Any) -> None:
    from cms.accounts.passkeys.models import Passkey

    Passkey.objects.create(user=carol, credential_id="abc", public_key=b"x", sign_count=0, transports=[], name="Key")
    client = Client()
    assert password_step(client).url == "/admin/login/two_factor/"
    page = client.get("/admin/login/two_factor/")
    assert b'name="code"' not in page.content
    assert b"data-passkey-assert" in page.content
    assert second_step(client, "123456").status_code == 200  # no code form: nothing to check
    assert not signed_in(client)


def test_the_page_speaks_the_waiting_users_language(carol_on: Any, carol: Any) -> None:
    from cms.accounts.languages import set_interface_language

    set_interface_language(carol, "ar")
    client = Client()
    password_step(client)
    page = client.get("/admin/login/two_factor/").content.decode()
    assert 'lang="ar" dir="rtl"' in page
    assert "accounts/two_step/_passkey_option.html" not in page
    assert 'href="/admin/login/"' in page  # the way back


@pytest.mark.parametrize(
    "code",
    ["", "1" * 41, "12\x003456", "\uff11\uff12\uff13\uff14\uff15\uff16", "0" * 6 + "\n", "abcde-fghij-k", "' OR 1=1"],
)
def test_hostile_codes_are_refused(carol_on: Any, code: str) -> None:
    client = Client()
    password_step(client)
    answer = client.post("/admin/login/two_factor/", {"code": code}, REMOTE_ADDR=ADDRESS)
    assert 400 <= answer.status_code < 500
    assert not signed_in(client)


@pytest.mark.parametrize("body", [b"code=%ED%A0%80", b"code=%FF%FE", b"code=1&code=2", b"code=" + b"9" * 5000])
def test_undecodable_form_bodies_are_refused(carol_on: Any, body: bytes) -> None:
    client = Client()
    password_step(client)
    answer = client.post(
        "/admin/login/two_factor/", body, content_type="application/x-www-form-urlencoded", REMOTE_ADDR=ADDRESS
    )
    assert 400 <= answer.status_code < 500
    assert not signed_in(client)
