import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cms.accounts.passkeys.models import Passkey
from cms.accounts.passkeys.tests.authenticator import Authenticator

PASSWORD = "a-long-pass-phrase-1"


def post_json(client: Client, path: str, body: Any = None) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body or {})
    return client.post(path, data, content_type="application/json", REMOTE_ADDR="203.0.113.7")


@pytest.fixture
def alice(db: Any) -> Any:
    return get_user_model().objects.create_user("alice", "alice@example.com", PASSWORD, is_staff=True)


@pytest.fixture
def bob(db: Any) -> Any:
    return get_user_model().objects.create_user("bob", "bob@example.com", PASSWORD, is_staff=True)


@pytest.fixture
def alice_browser(alice: Any) -> Client:
    client = Client()
    client.force_login(alice)  # a fresh sign-in: recent enough to add and remove passkeys
    return client


def register(client: Client, authenticator: Authenticator, name: str = "Laptop") -> Any:
    options = post_json(client, "/admin/account/passkeys/options.json").json()
    return post_json(
        client, "/admin/account/passkeys.json", {"credential": authenticator.register(options), "name": name}
    )


@pytest.fixture
def alice_key(alice_browser: Client) -> Authenticator:
    authenticator = Authenticator()
    assert register(alice_browser, authenticator).status_code == 201
    return authenticator


def passkey_count() -> int:
    return Passkey.objects.count()
