"""Checks that need no database run before any transaction or lock (issue 7, item 4)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.core.exceptions import ValidationFailed
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update


@pytest.mark.parametrize(
    "changes",
    [{"body": "<a" * 99_999 + ">"}, {"name": "a\x00"}, {"serialized_tags": "not json"}, {"intro": ["not text"]}],
)
def test_a_refused_text_is_refused_before_any_query(make_page, admin_user, changes):
    page = make_page("Page")
    with CaptureQueriesContext(connection) as update_queries, pytest.raises(ValidationFailed):
        page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload(changes))
    with CaptureQueriesContext(connection) as create_queries, pytest.raises(ValidationFailed):
        page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload(changes))
    # Not even a SAVEPOINT: the check never held a transaction, so no writer waited on it.
    assert update_queries.captured_queries == []
    assert create_queries.captured_queries == []
