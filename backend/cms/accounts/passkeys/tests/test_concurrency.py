"""Passkey writes at the same moment (PostgreSQL: SQLite serialises writers and would hide them)."""

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from cms.accounts.passkeys import services
from cms.accounts.passkeys.models import Passkey
from cms.accounts.passkeys.tests.authenticator import Authenticator
from cms.accounts.passkeys.tests.conftest import post_json
from cms.accounts.tests.concurrency import at_once
from cms.accounts.two_step import pending

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"),
]


def test_two_adds_at_once_never_pass_the_limit(alice: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "MAX_PASSKEYS", 1)
    for _round in range(3):
        Passkey.objects.all().delete()
        answers = []
        for _ in range(2):
            client = Client()
            client.force_login(alice)
            options = post_json(client, "/admin/account/passkeys/options.json").json()
            body = {"credential": Authenticator().register(options), "name": "Key"}
            answers.append(lambda c=client, b=body: post_json(c, "/admin/account/passkeys.json", b).status_code)
        assert sorted(at_once(*answers)) == [201, 409]
        assert Passkey.objects.filter(user=alice).count() == 1


def test_one_assertion_twice_at_once_signs_in_once(alice: Any, alice_key: Authenticator) -> None:
    """Two sessions waiting for alice's second step; one assertion (counter 1) sent to both, each
    with its own challenge replaced by the one it was made for: the counter lets one through."""
    from django.test import RequestFactory

    clients = []
    for _ in range(2):
        client = Client()
        request = RequestFactory().get("/")
        request.session = client.session.__class__()
        alice.backend = "cms.accounts.backends.AccountBackend"
        pending.begin(request, alice)
        request.session.save()
        client.cookies["sessionid"] = request.session.session_key
        clients.append(client)
    options = [post_json(c, "/admin/login/two_factor/passkey/options.json").json() for c in clients]
    count = alice_key.sign_count + 1
    calls = [
        lambda c=client, o=option: (
            post_json(
                c, "/admin/login/two_factor/passkey.json", {"credential": alice_key.assert_(o, count=count)}
            ).status_code
        )
        for client, option in zip(clients, options, strict=True)
    ]
    outcomes = at_once(*calls)
    assert sorted(outcomes) == [200, 400]
    assert Passkey.objects.get().sign_count == count
