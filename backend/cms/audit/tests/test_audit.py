"""The audit log (issue 13, item 5): one entry per accepted action, in the same transaction,
never one for a refused action; a page's history newest first; the whole log filtered."""

import pytest
from django.contrib.auth import get_user_model

from cms.audit.models import AuditEntry
from cms.core.exceptions import Conflict, PermissionDenied, ValidationFailed
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update


def entries(page_id=None):
    found = AuditEntry.objects.order_by("id")
    if page_id is not None:
        found = found.filter(subject="page", subject_id=page_id)
    return [(entry.action, entry.details) for entry in found]


def test_each_page_action_is_recorded_once_with_what_changed(admin_user, make_page):
    parent = make_page("Parent")
    page = page_create(
        actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Page", "parent_page_id": parent.pk})
    )
    page_update(
        actor=admin_user,
        page_id=page.pk,
        locale="nb",
        changes=PageChanges.from_payload({"name": "Ny side", "body": "Tekst"}),
    )
    page_update(
        actor=admin_user, page_id=page.pk, locale="nb", changes=PageChanges.from_payload({"status": Status.DELETED})
    )
    page_update(
        actor=admin_user, page_id=page.pk, locale="nb", changes=PageChanges.from_payload({"status": Status.DRAFT})
    )
    page_move(actor=admin_user, page_id=page.pk, parent_id=None, position=1)
    deleted = {"status": {"from": Status.DRAFT, "to": Status.DELETED}}
    restored = {"status": {"from": Status.DELETED, "to": Status.DRAFT}}
    assert entries(page.pk) == [
        ("create", {"locale": "en", "parent_page_id": parent.pk}),
        ("update", {"locale": "nb", "fields": ["blocks.body", "name"], "values": {
            "blocks.body": {"from": "", "to": "Tekst"}, "name": {"from": "", "to": "Ny side"},
        }}),
        ("delete", {"locale": "nb", "fields": ["status"], "values": deleted, **deleted}),
        ("restore", {"locale": "nb", "fields": ["status"], "values": restored, **restored}),
        ("move", {"from": {"parent_page_id": parent.pk, "position": 1}, "to": {"parent_page_id": None, "position": 1}}),
    ]  # fmt: skip
    assert {entry.user_id for entry in AuditEntry.objects.all()} == {admin_user.pk}


def test_refused_actions_leave_no_entry(admin_user, make_page):
    page = make_page("Page")
    before = AuditEntry.objects.count()
    editor = get_user_model().objects.create_user("editor", password="editor-pass-1", is_staff=True)
    with pytest.raises(PermissionDenied):
        page_update(actor=editor, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"name": "No"}))
    with pytest.raises(Conflict):
        page_update(
            actor=admin_user,
            page_id=page.pk,
            locale="en",
            changes=PageChanges.from_payload({"name": "No", "lock_version": 99}),
        )
    with pytest.raises(ValidationFailed):
        page_update(
            actor=admin_user,
            page_id=page.pk,
            locale="en",
            changes=PageChanges.from_payload({"path_segment": "no spaces here"}),
        )
    with pytest.raises(ValidationFailed):
        page_move(actor=admin_user, page_id=page.pk, parent_id=page.pk, position=1)
    assert AuditEntry.objects.count() == before


def test_a_pages_history_answers_newest_first(api, admin_user, make_page):
    page = make_page("Page")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Renamed"}})
    answer = api.get(f"/admin/en/pages/{page.pk}/history.json")
    assert answer.status_code == 200
    history = answer.json()
    assert [entry["action"] for entry in history] == ["update", "create"]
    assert history[0]["user"] == {"id": admin_user.pk, "username": "admin", "name": "admin"}
    assert history[0]["details"] == {
        "locale": "en", "fields": ["name"], "values": {"name": {"from": "Page", "to": "Renamed"}}
    }  # fmt: skip
    assert history[0]["at"] >= history[1]["at"]
    assert api.get("/admin/en/pages/987654/history.json").status_code == 404


def test_grants_and_user_changes_are_recorded_without_passwords(api, admin_user):
    created = api.post(
        "/admin/users.json", {"user": {"username": "nora", "password": "a-long-Passphrase-9", "name": "Nora"}}
    ).json()
    api.put(f"/admin/users/{created['id']}.json", {"user": {"password": "another-Passphrase-7"}})
    api.post(
        "/admin/grants.json", {"user_id": created["id"], "page_ids": "root", "permissions": ["edit"], "action": "grant"}
    )
    log = api.get(f"/admin/audit.json?user_id={admin_user.pk}").json()
    assert [(entry["action"], entry["subject"]) for entry in log["entries"]] == [
        ("grants", "user"), ("update", "user"), ("create", "user"),
    ]  # fmt: skip
    assert "Passphrase" not in str(log)
    assert log["entries"][0]["details"] == {"action": "grant", "permissions": ["edit"], "page_ids": [None]}


def test_the_log_filters_by_action_and_time(api, make_page):
    make_page("One")
    make_page("Two")
    assert api.get("/admin/audit.json?action=create").json()["total"] == 2
    assert api.get("/admin/audit.json?action=move").json()["total"] == 0
    assert api.get("/admin/audit.json?since=2999-01-01T00:00:00Z").json()["entries"] == []
    for bad in ("action=explode", "page=0", "user_id=-1", "since=yesterday"):
        assert api.get(f"/admin/audit.json?{bad}").status_code == 422, bad


def test_uploads_and_media_changes_are_recorded(api, settings, tmp_path):
    from cms.media.tests.images import png, upload

    settings.MEDIA_ROOT = str(tmp_path)
    image = upload(api, "photo.png", png()).json()
    api.put(f"/admin/images/{image['id']}.json", {"image": {"alternative": {"en": "A photo"}}})
    log = api.get("/admin/audit.json").json()["entries"]
    assert [(e["action"], e["subject"], e["subject_id"]) for e in log] == [
        ("update", "image", image["id"]), ("upload", "image", image["id"]),
    ]  # fmt: skip
    assert log[0]["details"] == {
        "fields": ["alternative"], "values": {"alternative": {"from": {"en": None}, "to": {"en": "A photo"}}}
    }  # fmt: skip
