"""Saves at once can't give siblings one path segment, nor two pages one unique name, nor fail
creating one new tag twice (PostgreSQL: real concurrency)."""

from functools import partial
from typing import Any

import pytest
from django.db import connection

from cms.core.exceptions import ValidationFailed
from cms.pages.models import Page, PageLocalization
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update
from cms.pages.tests.concurrency import at_once

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


def save_all_at_once(actor: Any, pages: list[Page], changes: dict[str, Any], *, locale: str = "en") -> list[str]:
    """Save the same change to every page in parallel threads; return each one's outcome."""
    save = partial(page_update, actor=actor, locale=locale, changes=PageChanges.from_payload(changes))
    outcomes = at_once(*((partial(save, page_id=page.pk), ValidationFailed) for page in pages))
    return ["saved" if outcome == "done" else outcome for outcome in outcomes]


@pytest.mark.django_db(transaction=True)
def test_parallel_saves_never_give_siblings_one_segment(admin_user):
    parent = page_create(
        actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Parent", "path_segment": "parent"})
    )
    siblings = [
        page_create(
            actor=admin_user,
            locale="en",
            changes=PageChanges.from_payload({"name": f"Page {i}", "parent_page_id": parent.pk}),
        )
        for i in range(4)
    ]
    outcomes = []
    for round_number in range(15):
        segment = f"same-{round_number}"
        outcomes += save_all_at_once(admin_user, siblings, {"path_segment": segment})
        holders = PageLocalization.objects.filter(locale="en", path_segment=segment).count()
        assert holders == 1, f"round {round_number}: {holders} siblings hold {segment!r}"
    assert set(outcomes) == {"saved", "refused"}, outcomes


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("field", ["unique_name", "serialized_tags"])
def test_parallel_saves_of_one_unique_name_or_new_tag_never_fail_with_an_error(admin_user, field):
    pages = [
        page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": f"Page {i}"}))
        for i in range(4)
    ]
    outcomes = []
    for round_number in range(8):
        value = f"same-{round_number}" if field == "unique_name" else f'["Tag {round_number}"]'
        outcomes += save_all_at_once(admin_user, pages, {field: value})
    assert set(outcomes) <= {"saved", "refused"}, outcomes


@pytest.mark.django_db(transaction=True)
def test_parallel_first_names_in_a_locale_never_give_siblings_one_generated_segment(admin_user):
    """Naming pages in a locale where they have no segment yet makes one from the name, without
    the tree lock: the database must still keep siblings apart (issue 18, item 3)."""
    parent = page_create(
        actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Parent", "path_segment": "parent"})
    )
    page_update(
        actor=admin_user, page_id=parent.pk, locale="nb", changes=PageChanges.from_payload({"name": "Forelder"})
    )
    for round_number in range(6):
        siblings = [
            page_create(
                actor=admin_user,
                locale="en",
                changes=PageChanges.from_payload({"name": f"Page {round_number} {i}", "parent_page_id": parent.pk}),
            )
            for i in range(4)
        ]
        outcomes = save_all_at_once(admin_user, siblings, {"name": f"Samme navn {round_number}"}, locale="nb")
        assert outcomes == ["saved"] * 4, outcomes
    segments = list(
        PageLocalization.objects.filter(locale="nb", page__parent=parent).values_list("path_segment", flat=True)
    )
    assert len(segments) == 24 and all(segments)
    assert len(set(segments)) == len(segments), sorted(segments)
