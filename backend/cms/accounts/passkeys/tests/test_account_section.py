"""The account page's passkeys: listed, renamed, removed (recently signed in only), audited."""

from typing import Any

from django.test import Client

from cms.accounts.passkeys import services
from cms.accounts.passkeys.models import Passkey
from cms.accounts.passkeys.tests.authenticator import Authenticator
from cms.audit.models import AuditEntry


def test_the_account_page_lists_passkeys(alice_browser: Client, alice_key: Authenticator) -> None:
    page = alice_browser.get("/admin/account/")
    assert page.status_code == 200
    assert b'data-passkey="Laptop"' in page.content
    assert b"accounts/passkeys.js" in page.content and b"<script>" not in page.content


def test_rename(alice_browser: Client, alice_key: Authenticator) -> None:
    passkey = Passkey.objects.get()
    answer = alice_browser.post(f"/admin/account/passkeys/{passkey.pk}/rename", {"name": "Phone"})
    assert answer.status_code == 302
    assert Passkey.objects.get().name == "Phone"
    alice_browser.post(f"/admin/account/passkeys/{passkey.pk}/rename", {"name": "x\u0000"})
    assert Passkey.objects.get().name == "Phone"


def test_remove_is_audited(alice: Any, alice_browser: Client, alice_key: Authenticator) -> None:
    passkey = Passkey.objects.get()
    answer = alice_browser.post(f"/admin/account/passkeys/{passkey.pk}/remove", REMOTE_ADDR="198.51.100.4")
    assert answer.status_code == 302
    assert not Passkey.objects.exists()
    entry = AuditEntry.objects.get(action="passkey_removed")
    assert (entry.user, entry.details) == (alice, {"address": "198.51.100.4", "passkey": "Laptop"})


def test_remove_long_after_sign_in_is_refused(alice_browser: Client, alice_key: Authenticator) -> None:
    session = alice_browser.session
    session[services.VERIFIED_AT_KEY] = 0
    session.save()
    passkey = Passkey.objects.get()
    alice_browser.post(f"/admin/account/passkeys/{passkey.pk}/remove")
    assert Passkey.objects.exists()
    assert not AuditEntry.objects.filter(action="passkey_removed").exists()


def test_another_users_passkey_cannot_be_touched(bob: Any, alice_key: Authenticator) -> None:
    passkey = Passkey.objects.get()
    client = Client()
    client.force_login(bob)
    assert client.post(f"/admin/account/passkeys/{passkey.pk}/rename", {"name": "Mine"}).status_code == 404
    assert client.post(f"/admin/account/passkeys/{passkey.pk}/remove").status_code == 404
    assert Passkey.objects.get().name == "Laptop"


def test_get_is_not_allowed(alice_browser: Client, alice_key: Authenticator) -> None:
    passkey = Passkey.objects.get()
    assert alice_browser.get(f"/admin/account/passkeys/{passkey.pk}/remove").status_code == 405
    assert Passkey.objects.exists()


def test_a_superuser_can_remove_all_of_a_users_passkeys(alice: Any, bob: Any, alice_key: Authenticator) -> None:
    assert services.passkeys_remove_all(bob, alice, client="192.0.2.1") == 1
    assert not Passkey.objects.exists()
    entry = AuditEntry.objects.get(action="passkeys_removed")
    assert (entry.user, entry.subject_id, entry.details) == (
        bob,
        alice.pk,
        {"address": "192.0.2.1", "passkeys": ["Laptop"]},
    )
    assert services.passkeys_remove_all(bob, alice, client="192.0.2.1") == 0
    assert AuditEntry.objects.filter(action="passkeys_removed").count() == 1
