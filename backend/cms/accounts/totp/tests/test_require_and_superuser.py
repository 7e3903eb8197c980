"""CMS_REQUIRE_TWO_FACTOR, and a superuser turning another user's second step off."""

from typing import Any

import pytest
from django.test import Client

from cms.accounts.passkeys.models import Passkey
from cms.accounts.totp.models import RecoveryCode, TotpDevice
from cms.accounts.totp.tests.conftest import turn_on
from cms.audit.models import AuditEntry
from conftest import JsonClient


def browser_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("rule", "editor_sent", "admin_sent"),
    [("none", False, False), ("superusers", False, True), ("everyone", True, True)],
)
def test_each_rule_sends_the_users_it_covers_to_set_up(
    settings: Any, rule: str, editor_sent: bool, admin_sent: bool, editor: Any, admin_user: Any
) -> None:
    settings.CMS_REQUIRE_TWO_FACTOR = rule
    for user, sent in ((editor, editor_sent), (admin_user, admin_sent)):
        client = browser_of(user)
        screen = client.get("/admin/users")
        api = client.get("/admin/users.json")
        if sent:
            assert screen.status_code == 302 and screen.url == "/admin/account/#two-factor"
            assert api.status_code == 403 and "two-step" in api.json()["detail"]
            page = client.get("/admin/account/")
            assert page.status_code == 200 and b"requires two-step sign-in" in page.content
        else:
            assert screen.status_code != 302 or screen.url != "/admin/account/#two-factor"
            assert api.status_code in (200, 403) and "two-step" not in api.content.decode()


def test_a_covered_user_can_set_totp_up_then_go_on(settings: Any, editor: Any) -> None:
    settings.CMS_REQUIRE_TWO_FACTOR = "everyone"
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    api = JsonClient(client)
    assert client.get("/admin/users.json").status_code == 403
    turn_on(api)
    assert client.get("/admin/users").status_code != 302


def test_a_passkey_counts_as_a_factor(settings: Any, editor: Any) -> None:
    settings.CMS_REQUIRE_TWO_FACTOR = "everyone"
    Passkey.objects.create(user=editor, credential_id="k1", public_key=b"x", sign_count=0, transports=[], name="K")
    assert browser_of(editor).get("/admin/users").status_code != 302


def test_logout_stays_open(settings: Any, editor: Any) -> None:
    settings.CMS_REQUIRE_TWO_FACTOR = "everyone"
    assert browser_of(editor).post("/admin/logout/").status_code == 302


def test_users_list_says_who_has_two_factor(api: JsonClient, carol_api: JsonClient, carol: Any, editor: Any) -> None:
    turn_on(carol_api)
    Passkey.objects.create(user=editor, credential_id="k2", public_key=b"x", sign_count=0, transports=[], name="K")
    listed = {u["username"]: u["two_factor"] for u in api.get("/admin/users.json").json()}
    assert listed == {"admin": False, "carol": True, "editor": True}


def test_a_superuser_turns_another_users_second_step_off(api: JsonClient, carol_api: JsonClient, carol: Any) -> None:
    turn_on(carol_api)
    Passkey.objects.create(user=carol, credential_id="k3", public_key=b"x", sign_count=0, transports=[], name="Phone")
    answer = api.put(f"/admin/users/{carol.pk}.json", {"user": {"two_factor": False}})
    assert answer.status_code == 200 and answer.json()["two_factor"] is False
    assert not TotpDevice.objects.filter(user=carol).exists()
    assert not RecoveryCode.objects.filter(user=carol).exists()
    assert not Passkey.objects.filter(user=carol).exists()
    off = AuditEntry.objects.get(action="two_factor_off")
    assert off.user is not None and off.user.username == "admin" and off.subject_id == carol.pk
    assert off.details["by_superuser"] is True and "address" in off.details
    assert AuditEntry.objects.get(action="passkeys_removed").details["passkeys"] == ["Phone"]


def test_turning_it_on_for_someone_else_is_refused(api: JsonClient, carol: Any) -> None:
    answer = api.put(f"/admin/users/{carol.pk}.json", {"user": {"two_factor": True}})
    assert answer.status_code == 422 and answer.json()["errors"][0][0] == "two_factor"


def test_an_editor_cannot_turn_anyones_off(editor_api: JsonClient, carol_api: JsonClient, carol: Any) -> None:
    turn_on(carol_api)
    assert editor_api.put(f"/admin/users/{carol.pk}.json", {"user": {"two_factor": False}}).status_code == 403
    assert TotpDevice.objects.filter(user=carol, confirmed=True).exists()


@pytest.mark.parametrize("value", ['"no"', "[]", "{}", "2", "null", '"\\u0000"'])
def test_hostile_two_factor_values(api: JsonClient, carol_api: JsonClient, carol: Any, value: str) -> None:
    turn_on(carol_api)
    answer = api.put(f"/admin/users/{carol.pk}.json", '{"user": {"two_factor": ' + value + "}}")
    assert answer.status_code < 500
    if value != "null":
        assert 400 <= answer.status_code < 500
    assert TotpDevice.objects.filter(user=carol, confirmed=True).exists()
