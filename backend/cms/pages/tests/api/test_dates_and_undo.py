"""Issue 28: a dated page's dates are cleared by a save that sends null (item 2), and a page
whose deletion the tree undoes comes back as it was (item 18): its status and its date."""

import json
from typing import Any

from cms.audit.models import AuditEntry
from cms.pages.models import Page
from cms.pages.tests import editor_payload as stored


def editor_payload(page_id: int, **changed: Any) -> dict[str, Any]:
    """What the editor sends on Save, as JSON carries it (dates as ISO 8601 text)."""
    payload = stored.editor_payload(page_id, **changed)
    return json.loads(json.dumps(payload, default=lambda value: value.isoformat()))


def test_a_save_sending_null_clears_the_dates(api, make_page):
    page = make_page(
        "Concert", template="event", starts_at="2026-12-01T18:00:00Z", ends_at="2026-12-01T20:00:00Z", all_day=True
    )
    payload = editor_payload(page.pk, starts_at=None, ends_at=None, all_day=False)
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": payload})
    assert response.status_code == 200, response.content
    answer = response.json()
    assert (answer["starts_at"], answer["ends_at"], answer["all_day"]) == (None, None, False)
    stored = Page.objects.get(pk=page.pk)
    assert (stored.starts_at, stored.ends_at, stored.all_day) == (None, None, False)
    # Said in the page's history as what it is: the dates went.
    assert set(AuditEntry.objects.latest("id").details["fields"]) == {"starts_at", "ends_at", "all_day"}


def test_an_editor_save_of_a_dated_page_without_dates_writes_none(api, make_page):
    page = make_page("Home", template="event")
    before = AuditEntry.objects.count()
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": editor_payload(page.pk)})
    assert response.status_code == 200, response.content
    assert response.json()["starts_at"] is None and response.json()["ends_at"] is None
    assert AuditEntry.objects.count() == before


def test_undoing_a_delete_brings_the_page_back_as_it_was(api, make_page):
    page = make_page("News", status=2, published_at="2026-01-01T10:00:00Z")
    url = f"/admin/en/pages/{page.pk}.json"
    assert api.put(url, {"page": {"status": 4}}).json()["status"] == 4
    # What the tree's Undo sends: the status and the date the page had before the delete.
    answer = api.put(url, {"page": {"status": 2, "published_at": "2026-01-01T10:00:00Z"}}).json()
    assert (answer["status"], answer["published_at"]) == (2, "2026-01-01T10:00:00Z")
