"""Fixtures of the bulk tests: a section of pages an editor may edit, and pages outside it."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cms.background.tests.worker import run_queued_tasks
from cms.pages.models import Page, PageGrant
from conftest import JsonClient


def staff(username: str, **fields: Any) -> Any:
    return get_user_model().objects.create_user(
        username, f"{username}@example.com", "pass-word-1", is_staff=True, **fields
    )


def client_of(user: Any) -> JsonClient:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return JsonClient(client)


def fresh(page: Page) -> Page:
    return Page.objects.get(pk=page.pk)


def started(api: JsonClient, **body: Any) -> dict[str, Any]:
    """Start a job; assert it was accepted."""
    answer = api.post("/admin/en/bulk.json", body)
    assert answer.status_code == 202, answer.content
    return answer.json()


def finished(api: JsonClient, **body: Any) -> dict[str, Any]:
    """Start a job, run it as the task engine's worker would, and answer it as the call does."""
    job = started(api, **body)
    run_queued_tasks()
    answer = api.get(f"/admin/jobs/{job['id']}.json")
    assert answer.status_code == 200, answer.content
    return answer.json()


@pytest.fixture
def tree(make_page):
    """A draft section with four draft pages, and a draft page outside it."""
    section = make_page("Section", path_segment="section")
    pages = [make_page(f"Page {n}", parent=section, path_segment=f"page-{n}") for n in range(1, 5)]
    outside = make_page("Outside", path_segment="outside")
    return {"section": section, "pages": pages, "outside": outside}


@pytest.fixture
def section_editor(db, tree):
    user = staff("sectioneditor")
    PageGrant.objects.create(user=user, page=tree["section"], edit=True, create=True)
    return user


@pytest.fixture
def section_editor_api(section_editor):
    return client_of(section_editor)
