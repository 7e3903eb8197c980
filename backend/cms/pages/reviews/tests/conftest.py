"""Fixtures of the review tests: an author with `submit` alone, a reviewer with `edit`."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cms.mail.tests.smtp import smtp_server  # noqa: F401  (the fixture, for the reviews' mail)
from cms.pages.models import PageGrant
from conftest import JsonClient


def staff(username: str, **fields: Any) -> Any:
    return get_user_model().objects.create_user(
        username, f"{username}@example.com", "pass-word-1", is_staff=True, **fields
    )


def client_of(user: Any) -> JsonClient:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return JsonClient(client)


@pytest.fixture
def section(make_page):
    """A published section with a published page and a draft page below it."""
    top = make_page("Section", path_segment="section", status=2)
    live = make_page("Live", parent=top, path_segment="live", status=2, body="Old words")
    draft = make_page("Draft", parent=top, path_segment="draft", status=0)
    return {"top": top, "live": live, "draft": draft}


@pytest.fixture
def author(db, section):
    user = staff("author", first_name="Ada", last_name="Author")
    PageGrant.objects.create(user=user, page=section["top"], submit=True, create=True)
    return user


@pytest.fixture
def reviewer(db, section):
    user = staff("reviewer", first_name="Rita", last_name="Reviewer")
    PageGrant.objects.create(user=user, page=section["top"], edit=True)
    return user


@pytest.fixture
def author_api(author):
    return client_of(author)


@pytest.fixture
def reviewer_api(reviewer):
    return client_of(reviewer)
