"""Turning TOTP on and off through the account calls (DESIGN.md §3 "Two-step sign-in")."""

from typing import Any

import pytest

from cms.accounts.totp.models import RecoveryCode, TotpDevice
from cms.accounts.totp.tests.conftest import code_at, delete_json, turn_on
from cms.audit.models import AuditEntry
from conftest import JsonClient


def test_start_answers_a_secret_and_its_otpauth_url(carol_api: JsonClient) -> None:
    answer = carol_api.post("/admin/account/two_factor.json", {})
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == {"secret", "otpauth_url"}
    assert body["otpauth_url"].startswith("otpauth://totp/")
    assert f"secret={body['secret']}" in body["otpauth_url"]
    assert not TotpDevice.objects.get().confirmed


def test_start_again_replaces_the_unconfirmed_secret(carol_api: JsonClient) -> None:
    first = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    second = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    assert first != second
    assert TotpDevice.objects.get().secret == second
    answer = carol_api.post("/admin/account/two_factor/confirm.json", {"code": code_at(first)})
    assert answer.status_code == 422  # the old secret's code no longer works


def test_confirm_turns_it_on_with_ten_recovery_codes_stored_hashed(carol_api: JsonClient, carol: Any) -> None:
    secret, codes = turn_on(carol_api)
    assert len(codes) == 10 and len(set(codes)) == 10
    assert TotpDevice.objects.get(user=carol).confirmed
    stored = list(RecoveryCode.objects.filter(user=carol).values_list("code_hash", flat=True))
    assert len(stored) == 10
    assert not {c.replace("-", "") for c in codes} & set(stored)
    entry = AuditEntry.objects.get(action="two_factor_on")
    assert entry.user == carol and entry.details == {"address": "203.0.113.9"}
    assert secret not in str(entry.details)


def test_start_when_on_is_refused(carol_api: JsonClient, carol_on: Any) -> None:
    assert carol_api.post("/admin/account/two_factor.json", {}).status_code == 409
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": "123456"}).status_code == 409


def test_confirm_without_a_start_is_refused(carol_api: JsonClient) -> None:
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": "123456"}).status_code == 409


def test_wrong_confirm_code_refused_and_nothing_on(carol_api: JsonClient) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    wrong = f"{(int(code_at(secret)) + 1) % 1_000_000:06d}"
    answer = carol_api.post("/admin/account/two_factor/confirm.json", {"code": wrong})
    assert answer.status_code == 422 and answer.json()["errors"][0][0] == "code"
    assert not TotpDevice.objects.get().confirmed
    assert not RecoveryCode.objects.exists()


def test_a_code_of_the_step_before_or_after_is_accepted(carol_api: JsonClient) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": code_at(secret, -1)}).status_code == 200


def test_a_code_two_steps_old_is_refused(carol_api: JsonClient) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    old = code_at(secret, -3)
    if old in {code_at(secret, s) for s in (-1, 0, 1)}:
        pytest.skip("the old code happens to equal a current one")
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": old}).status_code == 422


def test_turn_off_needs_a_current_code(carol_api: JsonClient, carol_on: Any, carol: Any) -> None:
    secret, codes = carol_on
    assert delete_json(carol_api, "/admin/account/two_factor.json", {"code": codes[0]}).status_code == 422
    assert TotpDevice.objects.filter(user=carol, confirmed=True).exists()
    # The code that confirmed it was used: the next step's code turns it off.
    answer = delete_json(carol_api, "/admin/account/two_factor.json", {"code": code_at(secret, 1)})
    assert answer.status_code == 204
    assert not TotpDevice.objects.exists() and not RecoveryCode.objects.exists()
    entry = AuditEntry.objects.get(action="two_factor_off")
    assert entry.user == carol and entry.details == {"address": "203.0.113.9"}


def test_turn_off_when_off_is_refused(carol_api: JsonClient) -> None:
    assert delete_json(carol_api, "/admin/account/two_factor.json", {"code": "123456"}).status_code == 409


def test_the_code_that_confirmed_cannot_turn_it_off(carol_api: JsonClient, carol: Any) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    code = code_at(secret)
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": code}).status_code == 200
    assert delete_json(carol_api, "/admin/account/two_factor.json", {"code": code}).status_code == 422


def test_wrong_codes_are_throttled(carol_api: JsonClient, carol: Any) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    right = code_at(secret)
    wrong = f"{(int(right) + 500_000) % 1_000_000:06d}"
    answers = [carol_api.post("/admin/account/two_factor/confirm.json", {"code": wrong}).status_code for _ in range(5)]
    assert answers == [422] * 5
    assert carol_api.post("/admin/account/two_factor/confirm.json", {"code": right}).status_code == 429
    assert not TotpDevice.objects.get().confirmed


def test_signed_out_calls_answer_401(anonymous_api: JsonClient) -> None:
    assert anonymous_api.post("/admin/account/two_factor.json", {}).status_code == 401
    assert anonymous_api.post("/admin/account/two_factor/confirm.json", {"code": "1"}).status_code == 401


HOSTILE = [
    "",
    "[]",
    '"123456"',
    '{"code": 123456}',
    '{"code": null}',
    '{"code": ["123456"]}',
    '{"code": {"a": 1}}',
    '{"code": "' + "1" * 100 + '"}',
    '{"code": "12\\u00003456"}',
    '{"code": "\\ud800\\udc00"}',
    '{"code": "\\ud800"}',
    '{"code": "1e999"}',
    '{"code": "' + "9" * 41 + '"}',
    '{"code": "123456", "code": "654321"}',
    '{"code": "\uff11\uff12\uff13\uff14\uff15\uff16"}',
    "{" * 500 + "}" * 500,
    '{"code": 1e400}',
]


@pytest.mark.parametrize("body", HOSTILE)
def test_hostile_confirm_bodies_are_refused(carol_api: JsonClient, body: str) -> None:
    carol_api.post("/admin/account/two_factor.json", {})
    answer = carol_api.post("/admin/account/two_factor/confirm.json", body)
    assert 400 <= answer.status_code < 500
    assert not TotpDevice.objects.get().confirmed


@pytest.mark.parametrize("body", HOSTILE)
def test_hostile_turn_off_bodies_are_refused(carol_api: JsonClient, carol_on: Any, body: str) -> None:
    answer = delete_json(carol_api, "/admin/account/two_factor.json", body)
    assert 400 <= answer.status_code < 500
    assert TotpDevice.objects.get().confirmed


@pytest.mark.parametrize("body", ["", "[]", '{"x": 1}', "{" * 500 + "}" * 500, '"\\ud800"'])
def test_start_ignores_hostile_bodies(carol_api: JsonClient, body: str) -> None:
    answer = carol_api.post("/admin/account/two_factor.json", body)
    assert answer.status_code == 200 or 400 <= answer.status_code < 500
