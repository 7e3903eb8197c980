"""Using a passkey: the second step after a password, and a sign-in with a passkey alone."""

from typing import Any

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client, RequestFactory, override_settings

from cms.accounts.passkeys.models import Passkey
from cms.accounts.passkeys.tests.authenticator import UP, Authenticator
from cms.accounts.passkeys.tests.conftest import post_json, register
from cms.accounts.two_step import pending
from cms.audit.models import AuditEntry

STEP_OPTIONS = "/admin/login/two_factor/passkey/options.json"
STEP = "/admin/login/two_factor/passkey.json"
SIGN_IN_OPTIONS = "/admin/login/passkey/options.json"
SIGN_IN = "/admin/login/passkey.json"


def waiting_client(user: Any) -> Client:
    """A browser whose password was right: the sign-in waits for its second step."""
    client = Client()
    request = RequestFactory().get("/")
    engine = __import__(client.session.__class__.__module__, fromlist=["SessionStore"])
    request.session = engine.SessionStore()
    user.backend = "cms.accounts.backends.AccountBackend"
    pending.begin(request, user)
    request.session.save()
    client.cookies["sessionid"] = request.session.session_key
    return client


def signed_in_as(client: Client) -> str | None:
    return client.session.get(SESSION_KEY)


# --- The second step


def test_a_passkey_passes_the_second_step(alice: Any, alice_key: Authenticator) -> None:
    client = waiting_client(alice)
    options = post_json(client, STEP_OPTIONS).json()
    assert [c["id"] for c in options["allowCredentials"]] == [Passkey.objects.get().credential_id]
    answer = post_json(client, STEP, {"credential": alice_key.assert_(options), "next": "/admin/account/"})
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"redirect": "/admin/account/"}
    assert signed_in_as(client) == str(alice.pk)
    assert client.get("/admin/account/").status_code == 200
    assert Passkey.objects.get().last_used_at is not None


def test_the_second_step_page_offers_the_passkey(alice: Any, alice_key: Authenticator, bob: Any) -> None:
    from django.template.loader import render_to_string

    for user, offered in ((alice, True), (bob, False)):
        client = waiting_client(user)
        request = RequestFactory().get("/admin/login/two_factor/")
        request.session = client.session
        html = render_to_string("accounts/two_step/_passkey_option.html", {"csrf_token": "t"}, request=request)
        assert ("data-passkey-assert" in html) is offered


def test_a_redirect_elsewhere_is_not_followed(alice: Any, alice_key: Authenticator) -> None:
    client = waiting_client(alice)
    options = post_json(client, STEP_OPTIONS).json()
    answer = post_json(client, STEP, {"credential": alice_key.assert_(options), "next": "https://evil.example/"})
    assert answer.json() == {"redirect": "/admin/"}


def test_without_a_waiting_sign_in_there_is_no_second_step(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    assert post_json(client, STEP_OPTIONS).status_code == 403
    assert post_json(client, STEP, {"credential": {}}).status_code == 403
    assert signed_in_as(client) is None


def test_another_users_passkey_does_not_pass_the_second_step(alice: Any, bob: Any, alice_key: Authenticator) -> None:
    client = waiting_client(bob)
    options = post_json(client, STEP_OPTIONS).json()
    assert options["allowCredentials"] == []
    answer = post_json(client, STEP, {"credential": alice_key.assert_(options)})
    assert answer.status_code == 400
    assert signed_in_as(client) is None
    entry = AuditEntry.objects.get(action="second_step_failed")
    assert (entry.user, entry.details["method"]) == (bob, "passkey")


@pytest.mark.parametrize("how", ["replay", "lower_count", "origin", "rp_id", "signature", "challenge"])
def test_a_spoiled_assertion_fails_the_second_step(alice: Any, alice_key: Authenticator, how: str) -> None:
    client = waiting_client(alice)
    options = post_json(client, STEP_OPTIONS).json()
    first = alice_key.assert_(options)
    assert post_json(client, STEP, {"credential": first}).status_code == 200
    client = waiting_client(alice)
    options = post_json(client, STEP_OPTIONS).json()
    if how == "replay":  # the same answer again, to a new challenge
        credential = first
    elif how == "lower_count":  # a copy of the key whose counter is behind: a cloned key
        credential = alice_key.assert_(options, count=alice_key.sign_count)
    elif how == "origin":
        credential = alice_key.assert_(options, origin="https://evil.example")
    elif how == "rp_id":
        credential = alice_key.assert_(options, rp_id="evil.example")
    elif how == "challenge":
        credential = alice_key.assert_({"challenge": "AAAA"})
    else:
        credential = alice_key.assert_(options)
        credential["response"]["signature"] = credential["response"]["signature"][:-4] + "AAAA"
    count = Passkey.objects.get().sign_count
    assert post_json(client, STEP, {"credential": credential}).status_code == 400
    assert signed_in_as(client) is None
    assert Passkey.objects.get().sign_count == count


def test_a_challenge_answers_once(alice: Any, alice_key: Authenticator) -> None:
    client = waiting_client(alice)
    options = post_json(client, STEP_OPTIONS).json()
    spoiled = alice_key.assert_(options, origin="https://evil.example")
    assert post_json(client, STEP, {"credential": spoiled}).status_code == 400
    # A good answer to the same challenge, after a failed one: the challenge is gone.
    assert post_json(client, STEP, {"credential": alice_key.assert_(options)}).status_code == 400
    assert signed_in_as(client) is None


def test_failed_second_steps_are_throttled(alice: Any, alice_key: Authenticator) -> None:
    client = waiting_client(alice)
    for _ in range(5):
        options = post_json(client, STEP_OPTIONS).json()
        post_json(client, STEP, {"credential": alice_key.assert_(options, origin="https://evil.example")})
    options = post_json(client, STEP_OPTIONS).json()
    assert post_json(client, STEP, {"credential": alice_key.assert_(options)}).status_code == 429
    assert signed_in_as(client) is None


# --- A passkey alone


def test_a_passkey_alone_signs_in(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    options = post_json(client, SIGN_IN_OPTIONS).json()
    assert options["userVerification"] == "required" and options["allowCredentials"] == []
    answer = post_json(client, SIGN_IN, {"credential": alice_key.assert_(options)})
    assert answer.status_code == 200, answer.content
    assert signed_in_as(client) == str(alice.pk)
    assert client.get("/admin/account/").status_code == 200


def test_a_passkey_alone_needs_user_verification(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    options = post_json(client, SIGN_IN_OPTIONS).json()
    answer = post_json(client, SIGN_IN, {"credential": alice_key.assert_(options, flags=UP)})
    assert answer.status_code == 400
    assert signed_in_as(client) is None
    entry = AuditEntry.objects.get(action="sign_in_failed")
    assert (entry.user, entry.details) == (alice, {"address": "203.0.113.7", "method": "passkey"})


def test_a_passkey_that_names_another_user_is_refused(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    options = post_json(client, SIGN_IN_OPTIONS).json()
    alice_key.user_handle = b"someone else"
    assert post_json(client, SIGN_IN, {"credential": alice_key.assert_(options)}).status_code == 400
    assert signed_in_as(client) is None


def test_a_deactivated_user_cannot_sign_in_with_a_passkey(alice: Any, alice_key: Authenticator) -> None:
    alice.is_active = False
    alice.save()
    client = Client()
    options = post_json(client, SIGN_IN_OPTIONS).json()
    assert post_json(client, SIGN_IN, {"credential": alice_key.assert_(options)}).status_code == 400
    assert signed_in_as(client) is None


def test_an_unknown_passkey_is_refused_and_audited(db: Any) -> None:
    client = Client()
    options = post_json(client, SIGN_IN_OPTIONS).json()
    assert post_json(client, SIGN_IN, {"credential": Authenticator().assert_(options)}).status_code == 400
    entry = AuditEntry.objects.get(action="sign_in_failed")
    assert entry.user is None and entry.details["address"] == "203.0.113.7"


def test_failed_passkey_sign_ins_are_throttled_per_address(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    for _ in range(20):
        options = post_json(client, SIGN_IN_OPTIONS).json()
        post_json(client, SIGN_IN, {"credential": Authenticator().assert_(options)})
    options = post_json(client, SIGN_IN_OPTIONS).json()
    assert post_json(client, SIGN_IN, {"credential": alice_key.assert_(options)}).status_code == 429
    assert signed_in_as(client) is None


@pytest.mark.parametrize(
    "body", [b"", b"null", b"{}", b'{"credential": 5}', b'{"credential": {"id": "\\u0000"}}', b"[" * 100000]
)
def test_hostile_sign_ins_answer_4xx(db: Any, body: bytes) -> None:
    client = Client()
    post_json(client, SIGN_IN_OPTIONS)
    answer = post_json(client, SIGN_IN, body)
    assert 400 <= answer.status_code < 500
    assert signed_in_as(client) is None


@override_settings(CMS_PASSKEY_SIGN_IN=False)
def test_the_site_can_refuse_passkeys_alone(alice: Any, alice_key: Authenticator) -> None:
    client = Client()
    assert post_json(client, SIGN_IN_OPTIONS).status_code == 404
    assert post_json(client, SIGN_IN, {"credential": {}}).status_code == 404
    assert b"data-passkey-assert" not in client.get("/admin/login/").content


def test_a_second_registration_of_the_same_key_by_the_same_user_is_refused(alice_browser: Client) -> None:
    authenticator = Authenticator()
    assert register(alice_browser, authenticator).status_code == 201
    assert register(alice_browser, authenticator).status_code == 409


def test_the_login_page_offers_a_passkey_by_default(db: Any) -> None:
    page = Client().get("/admin/login/")
    assert b"data-passkey-assert" in page.content and b"/admin/login/passkey/options.json" in page.content
