"""Adding a passkey on the account page: the registration ceremony, and what it refuses."""

from typing import Any

import pytest
from django.test import Client

from cms.accounts.passkeys import ceremony, services
from cms.accounts.passkeys.models import Passkey
from cms.accounts.passkeys.tests.authenticator import AT, UP, Authenticator
from cms.accounts.passkeys.tests.conftest import PASSWORD, passkey_count, post_json, register
from cms.accounts.two_step import factors
from cms.audit.models import AuditEntry

ADD = "/admin/account/passkeys.json"
OPTIONS = "/admin/account/passkeys/options.json"


def test_added_passkey_is_kept_with_its_key_name_and_audit_entry(alice: Any, alice_browser: Client) -> None:
    authenticator = Authenticator()
    options = post_json(alice_browser, OPTIONS).json()
    assert options["rp"]["id"] == "testserver"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    answer = post_json(alice_browser, ADD, {"credential": authenticator.register(options), "name": "  Work   laptop "})
    assert answer.status_code == 201, answer.content
    passkey = Passkey.objects.get()
    assert (passkey.user, passkey.name, passkey.transports) == (alice, "Work laptop", ["internal"])
    assert passkey.pk == answer.json()["id"]
    assert factors.has_second_factor(alice) and "passkey" in factors.kinds(alice)
    entry = AuditEntry.objects.get(action="passkey_added")
    assert (entry.user, entry.details) == (alice, {"address": "203.0.113.7", "passkey": "Work laptop"})
    # The options name the passkeys the user has, so the same authenticator is not added twice.
    again = post_json(alice_browser, OPTIONS).json()
    assert [c["id"] for c in again["excludeCredentials"]] == [passkey.credential_id]


def test_the_challenge_works_once(alice_browser: Client) -> None:
    authenticator = Authenticator()
    options = post_json(alice_browser, OPTIONS).json()
    credential = authenticator.register(options)
    assert post_json(alice_browser, ADD, {"credential": credential, "name": "One"}).status_code == 201
    Passkey.objects.all().delete()
    assert post_json(alice_browser, ADD, {"credential": credential, "name": "One"}).status_code == 400
    assert passkey_count() == 0


def test_an_expired_challenge_is_refused(alice_browser: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    options = post_json(alice_browser, OPTIONS).json()
    monkeypatch.setattr(ceremony, "CHALLENGE_SECONDS", -1)
    session = alice_browser.session
    session[ceremony.CHALLENGE_KEY]["expires"] = 0
    session.save()
    answer = post_json(alice_browser, ADD, {"credential": Authenticator().register(options), "name": "Late"})
    assert answer.status_code == 400
    assert passkey_count() == 0


def _spoiled(options: dict[str, Any], how: str) -> dict[str, Any]:
    authenticator = Authenticator()
    if how == "origin":
        return authenticator.register(options, origin="https://evil.example")
    if how == "rp_id":
        return authenticator.register(options, rp_id="evil.example")
    if how == "challenge":
        return authenticator.register({**options, "challenge": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
    if how == "no_user_verification":
        return authenticator.register(options, flags=UP | AT)
    credential = authenticator.register(options)
    if how == "client_data":
        credential["response"]["clientDataJSON"] = "bm90IGpzb24"  # "not json"
    elif how == "attestation":
        credential["response"]["attestationObject"] = "AAEC"
    elif how == "not_base64":
        credential["response"]["clientDataJSON"] = "***\u0000\ud800"
    elif how == "raw_id":
        credential["rawId"] = "AAAA"
    return credential


@pytest.mark.parametrize(
    "how",
    ["origin", "rp_id", "challenge", "no_user_verification", "client_data", "attestation", "not_base64", "raw_id"],
)
def test_a_spoiled_registration_is_refused_and_nothing_is_stored(alice_browser: Client, how: str) -> None:
    options = post_json(alice_browser, OPTIONS).json()
    answer = post_json(alice_browser, ADD, {"credential": _spoiled(options, how), "name": "Key"})
    assert answer.status_code == 400, answer.content
    assert passkey_count() == 0
    assert not AuditEntry.objects.filter(action="passkey_added").exists()


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"credential": "x"}',
        b'{"credential": [1, 2]}',
        b'{"credential": {}}',
        b'{"credential": {"id": 1, "response": null}}',
        b'{"credential": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        b'{"credential": {"id": "' + b"A" * 70000 + b'"}}',
        b'{"credential": {"id": "\\u0000", "rawId": "\\ud800"}}',
    ],
)
def test_hostile_bodies_are_refused_with_4xx(alice_browser: Client, body: bytes) -> None:
    post_json(alice_browser, OPTIONS)
    answer = post_json(alice_browser, ADD, body)
    assert 400 <= answer.status_code < 500
    assert passkey_count() == 0


@pytest.mark.parametrize("name", ["", "   ", "x" * 101, "nul\u0000", "tab\u0007", 12, None, ["a"]])
def test_a_bad_name_is_refused(alice_browser: Client, name: Any) -> None:
    options = post_json(alice_browser, OPTIONS).json()
    answer = post_json(alice_browser, ADD, {"credential": Authenticator().register(options), "name": name})
    assert answer.status_code == 400
    assert passkey_count() == 0


def test_a_passkey_of_another_user_is_not_taken_over(alice_browser: Client, bob: Any) -> None:
    authenticator = Authenticator()
    bob_browser = Client()
    bob_browser.force_login(bob)
    assert register(bob_browser, authenticator).status_code == 201
    # The same credential id offered again by alice: refused, bob keeps his.
    answer = register(alice_browser, authenticator)
    assert answer.status_code == 409
    assert list(Passkey.objects.values_list("user__username", flat=True)) == ["bob"]


def test_an_account_holds_a_bounded_number_of_passkeys(alice_browser: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "MAX_PASSKEYS", 1)
    assert register(alice_browser, Authenticator()).status_code == 201
    assert post_json(alice_browser, OPTIONS).status_code == 409
    assert passkey_count() == 1


def test_adding_long_after_sign_in_needs_the_password_again(alice: Any, alice_browser: Client) -> None:
    session = alice_browser.session
    session[services.VERIFIED_AT_KEY] = 0
    session.save()
    assert post_json(alice_browser, OPTIONS).status_code == 403
    page = alice_browser.get("/admin/account/")
    assert b"data-passkey-add" not in page.content and b'name="password"' in page.content
    wrong = alice_browser.post("/admin/account/confirm_password", {"password": "wrong"}, REMOTE_ADDR="203.0.113.7")
    assert wrong.status_code == 302
    assert post_json(alice_browser, OPTIONS).status_code == 403
    alice_browser.post("/admin/account/confirm_password", {"password": PASSWORD})
    assert post_json(alice_browser, OPTIONS).status_code == 200
    assert b"data-passkey-add" in alice_browser.get("/admin/account/").content


def test_wrong_confirmations_are_throttled_like_passwords(alice: Any, alice_browser: Client) -> None:
    session = alice_browser.session
    session[services.VERIFIED_AT_KEY] = 0
    session.save()
    for _ in range(5):
        alice_browser.post("/admin/account/confirm_password", {"password": "wrong"}, REMOTE_ADDR="203.0.113.7")
    alice_browser.post("/admin/account/confirm_password", {"password": PASSWORD}, REMOTE_ADDR="203.0.113.7")
    assert post_json(alice_browser, OPTIONS).status_code == 403


def test_the_ceremony_needs_the_csrf_token(alice: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert post_json(client, OPTIONS).status_code == 403


def test_visitors_cannot_add_passkeys(db: Any) -> None:
    assert post_json(Client(), OPTIONS).status_code == 302
    assert post_json(Client(), ADD, {}).status_code == 302


def test_the_relying_party_is_cms_base_url_when_set(alice_browser: Client, settings: Any) -> None:
    settings.CMS_BASE_URL = "https://CMS.example.org:8443"
    options = post_json(alice_browser, OPTIONS).json()
    assert options["rp"]["id"] == "cms.example.org"
    # Made for the address the request came to, not the site's own: refused.
    answer = post_json(alice_browser, ADD, {"credential": Authenticator().register(options), "name": "Key"})
    assert answer.status_code == 400
    options = post_json(alice_browser, OPTIONS).json()
    site = Authenticator(rp_id="cms.example.org", origin="https://cms.example.org:8443")
    answer = post_json(alice_browser, ADD, {"credential": site.register(options), "name": "Key"})
    assert answer.status_code == 201, answer.content
