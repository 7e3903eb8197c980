"""Hostile input to the invitation calls and page: wrong types, huge numbers, nesting, NUL,
surrogates, duplicates and oversized fields answer 4xx and store nothing; never a 5xx."""

import json
from typing import Any

import pytest
from django.test import Client

from cms.accounts.models import Invitation
from cms.audit.models import AuditEntry
from cms.mail.models import OutgoingMail

GOOD = {"email": "nora@example.com", "name": "Nora", "is_superuser": False, "grants": []}
DEEP: Any = []
for _ in range(200):
    DEEP = [DEEP]


def post_raw(api: Any, body: str) -> Any:
    return api.client.post(
        "/admin/invitations.json", body, content_type="application/json", headers={"X-CSRFToken": api.token}
    )


@pytest.mark.parametrize(
    "invitation",
    [
        {**GOOD, "email": 12},
        {**GOOD, "email": None},
        {**GOOD, "email": ["nora@example.com"]},
        {**GOOD, "email": "not an address"},
        {**GOOD, "email": ""},
        {**GOOD, "email": "n\x00ra@example.com"},
        {**GOOD, "email": "\ud800@example.com"},
        {**GOOD, "email": "a" * 250 + "@example.com"},
        {**GOOD, "name": "x" * 151},
        {**GOOD, "name": "No\x00ra"},
        {**GOOD, "name": "\udfff"},
        {**GOOD, "name": {"en": "Nora"}},
        {**GOOD, "is_superuser": "true"},
        {**GOOD, "is_superuser": 1},
        {**GOOD, "is_superuser": None},
        {**GOOD, "grants": "12,root"},
        {**GOOD, "grants": [{"page_ids": "12"}]},
        {**GOOD, "grants": [{"page_ids": "", "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": "abc", "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": "-1", "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": str(2**64), "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": "99999999", "permissions": ["edit"]}]},  # no such page
        {**GOOD, "grants": [{"page_ids": "١٢", "permissions": ["edit"]}]},  # Arabic-Indic digits
        {**GOOD, "grants": [{"page_ids": "1\x00", "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": "root", "permissions": ["delete"]}]},
        {**GOOD, "grants": [{"page_ids": "root", "permissions": []}]},
        {**GOOD, "grants": [{"page_ids": "root", "permissions": ["edit", "edit", "edit"]}]},
        {**GOOD, "grants": [{"page_ids": "root", "permissions": "edit"}]},
        {**GOOD, "grants": [{"page_ids": 12, "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": ",".join(["1"] * 10_001), "permissions": ["edit"]}]},
        {**GOOD, "grants": [{"page_ids": "root", "permissions": ["edit"]}] * 51},
        {**GOOD, "grants": DEEP},
        {**GOOD, "language": "xx"},
        {**GOOD, "language": "a" * 100},
        {**GOOD, "language": 7},
    ],
)
def test_a_hostile_invitation_is_refused_and_nothing_is_stored(api: Any, invitation: dict[str, Any]) -> None:
    answer = post_raw(api, json.dumps({"invitation": invitation}))
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content[:300])
    assert not Invitation.objects.exists()
    assert not OutgoingMail.objects.exists()
    assert not AuditEntry.objects.filter(action="invite").exists()


@pytest.mark.parametrize(
    "body",
    [
        "",
        "{",
        "[]",
        "null",
        '{"invitation": null}',
        '{"invitation": []}',
        '{"invitation": "nora@example.com"}',
        '{"email": "nora@example.com"}',
        '{"invitation": {"email": "nora@example.com", "grants": [' + "[" * 5000 + "]" * 5000 + "]}}",
        '{"invitation": {"email": "nora@example.com", "name": "' + "x" * 200_000 + '"}}',
        '{"invitation": {"email": "nora@example.com", "grants": [{"page_ids": "1", "permissions": ["edit"], '
        '"page_ids": 1e999}]}}',  # a duplicate key whose last value is no text
    ],
)
def test_malformed_bodies_are_refused_and_nothing_is_stored(api: Any, body: str) -> None:
    answer = post_raw(api, body)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content[:300])
    assert not Invitation.objects.exists()


def test_a_form_body_is_refused(api: Any) -> None:
    answer = api.client.post("/admin/invitations.json", {"invitation": "x"}, headers={"X-CSRFToken": api.token})
    assert 400 <= answer.status_code < 500
    assert not Invitation.objects.exists()


@pytest.mark.parametrize(
    "path", ["/admin/invitations/0.json", "/admin/invitations/9223372036854775807.json", "/admin/invitations/-1.json",
             "/admin/invitations/abc.json", "/admin/invitations/" + "9" * 30 + ".json"],
)  # fmt: skip
def test_revoking_what_is_no_invitation_answers_4xx(api: Any, path: str) -> None:
    answer = api.client.delete(path, headers={"X-CSRFToken": api.token})
    assert answer.status_code in (400, 404, 422), answer.status_code


@pytest.mark.parametrize(
    "form",
    [
        {"username": ["a", "b"], "password1": "x", "password2": "x"},
        {"username": "x" * 10_000, "password1": "p", "password2": "p"},
        {"username": "nora", "password1": "p" * 5000, "password2": "p" * 5000},
        "username=%ED%A0%80&password1=a-long-Passphrase-9&password2=a-long-Passphrase-9",  # a surrogate
        "username=nora%00&password1=a-long-Passphrase-9&password2=a-long-Passphrase-9",
        "username=%FF%FE&password1=a-long-Passphrase-9&password2=a-long-Passphrase-9",
        {},
    ],
)
def test_hostile_forms_on_an_open_link_answer_400_and_make_nothing(api: Any, form: dict[str, Any] | str) -> None:
    from django.contrib.auth import get_user_model

    from cms.accounts.invitations.services import invitation_create

    users = get_user_model().objects.count()
    invitation = invitation_create(
        actor=get_user_model().objects.get(username="admin"),
        fields=GOOD, language="en", base_url="http://testserver", client="",
    )  # fmt: skip
    assert invitation.pk
    # The token is in the mail only: read it from there.
    mail = OutgoingMail.objects.get()
    path = mail.text.split("http://testserver", 1)[1].split()[0]
    if isinstance(form, str):
        answer = Client().post(path, form, content_type="application/x-www-form-urlencoded")
    else:
        answer = Client().post(path, form)
    assert answer.status_code == 400, answer.status_code
    assert get_user_model().objects.count() == users


def test_other_methods_on_the_page_answer_405(db: Any) -> None:
    for method in ("put", "delete", "patch"):
        assert getattr(Client(), method)("/admin/invitation/forged/").status_code == 405
