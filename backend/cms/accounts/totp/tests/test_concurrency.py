"""Two confirms at once, and one code sent twice at once (PostgreSQL: SQLite serialises writers)."""

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from cms.accounts.tests.concurrency import at_once
from cms.accounts.totp.models import RecoveryCode, TotpDevice
from cms.accounts.totp.tests.conftest import ADDRESS, code_at, password_step
from cms.audit.models import AuditEntry
from conftest import JsonClient

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"),
]


def test_two_confirms_at_once_turn_it_on_once(carol: Any) -> None:
    for _round in range(3):
        TotpDevice.objects.all().delete()
        RecoveryCode.objects.all().delete()
        apis = []
        for _ in range(2):
            client = Client(enforce_csrf_checks=True, REMOTE_ADDR=ADDRESS)
            client.force_login(carol)
            apis.append(JsonClient(client))
        secret = apis[0].post("/admin/account/two_factor.json", {}).json()["secret"]
        code = code_at(secret)
        answers = at_once(
            *[
                lambda a=a, c=code: a.post("/admin/account/two_factor/confirm.json", {"code": c}).status_code
                for a in apis
            ]
        )
        assert sorted(answers) == [200, 409]
        assert RecoveryCode.objects.filter(user=carol).count() == 10
    assert AuditEntry.objects.filter(action="two_factor_on").count() == 3


def test_one_code_twice_at_once_signs_in_once(carol: Any) -> None:
    client = Client(enforce_csrf_checks=True, REMOTE_ADDR=ADDRESS)
    client.force_login(carol)
    api = JsonClient(client)
    secret = api.post("/admin/account/two_factor.json", {}).json()["secret"]
    assert api.post("/admin/account/two_factor/confirm.json", {"code": code_at(secret, -1)}).status_code == 200
    browsers = [Client(), Client()]
    for browser in browsers:
        password_step(browser)
    code = code_at(secret)
    answers = at_once(
        *[
            lambda b=b: b.post("/admin/login/two_factor/", {"code": code}, REMOTE_ADDR=ADDRESS).status_code
            for b in browsers
        ]
    )
    assert sorted(answers) == [302, 400]
    assert AuditEntry.objects.filter(action="sign_in").count() == 1
