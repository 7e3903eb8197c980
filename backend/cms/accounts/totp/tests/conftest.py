import json
import time
from typing import Any

import pyotp
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from conftest import JsonClient

PASSWORD = "a-long-pass-phrase-1"
ADDRESS = "203.0.113.9"


def code_at(secret: str, offset_steps: int = 0) -> str:
    """The code an authenticator app shows now (or `offset_steps` steps away)."""
    return pyotp.TOTP(secret).at(time.time() + 30 * offset_steps)


def delete_json(client: JsonClient, path: str, data: Any) -> Any:
    body = data if isinstance(data, str) else json.dumps(data)
    return client.client.delete(path, body, content_type="application/json", headers=client._headers())


@pytest.fixture
def carol(db: Any) -> Any:
    return get_user_model().objects.create_user("carol", "carol@example.com", PASSWORD, is_staff=True)


@pytest.fixture
def carol_api(carol: Any) -> JsonClient:
    client = Client(enforce_csrf_checks=True, REMOTE_ADDR=ADDRESS)
    client.force_login(carol)
    return JsonClient(client)


def turn_on(api: JsonClient) -> tuple[str, list[str]]:
    """Set TOTP up through the calls; (secret, recovery codes)."""
    secret = api.post("/admin/account/two_factor.json", {}).json()["secret"]
    answer = api.post("/admin/account/two_factor/confirm.json", {"code": code_at(secret)})
    assert answer.status_code == 200, answer.content
    return secret, answer.json()["recovery_codes"]


@pytest.fixture
def carol_on(carol_api: JsonClient) -> tuple[str, list[str]]:
    return turn_on(carol_api)


def password_step(client: Client, username: str = "carol", password: str = PASSWORD) -> Any:
    return client.post("/admin/login/", {"username": username, "password": password}, REMOTE_ADDR=ADDRESS)


def second_step(client: Client, code: str) -> Any:
    return client.post("/admin/login/two_factor/", {"code": code}, REMOTE_ADDR=ADDRESS)


def signed_in(client: Client) -> bool:
    return client.get("/admin/users.json").status_code != 401
