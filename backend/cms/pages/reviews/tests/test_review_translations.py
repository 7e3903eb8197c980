"""Review and translations (issue 32, item 5): the translation state of "A multilingual site
kept in step" moves only when a change goes live — a change waiting, withdrawn or sent back
leaves every translation as it was; approving it outdates them as the author's save would."""

from typing import Any

from cms.pages.models import PageGrant
from cms.pages.translations.tests.helpers import create, read, save, state

from .conftest import client_of, staff


def submit(api: Any, page_id: int, **fields: Any) -> dict[str, Any]:
    version = read(api, page_id)["lock_version"]
    answer = api.post(
        f"/admin/en/pages/{page_id}/reviews.json", {"page": fields, "lock_version": version, "message": ""}
    )
    assert answer.status_code == 201, answer.content
    return dict(answer.json())


def test_the_translation_state_moves_only_when_the_change_goes_live(api, db):
    page_id = create(api, name="Harbour", body="At dawn", status=2)
    save(api, page_id, "nb", name="Havn", body="Ved daggry")
    save(api, page_id, "ar", name="ميناء", body="فجرا")
    author = staff("translator")
    PageGrant.objects.create(user=author, page_id=page_id, submit=True)
    author_api = client_of(author)
    current = ({"nb": "current", "ar": "current"}, {"nb": [], "ar": []})
    assert state(api, page_id) == current

    sent_back = submit(author_api, page_id, body="At dusk")
    assert state(api, page_id) == current  # waiting
    api.post(f"/admin/en/pages/{page_id}/reviews/{sent_back['id']}/request_changes.json", {"comment": "No"})
    assert state(api, page_id) == current  # sent back

    withdrawn = submit(author_api, page_id, body="At dusk")
    author_api.post(f"/admin/en/pages/{page_id}/reviews/{withdrawn['id']}/withdraw.json", {})
    assert state(api, page_id) == current  # withdrawn

    approved = submit(author_api, page_id, body="At dusk")
    assert api.post(f"/admin/en/pages/{page_id}/reviews/{approved['id']}/approve.json", {}).status_code == 200
    assert state(api, page_id) == ({"nb": "outdated", "ar": "outdated"}, {"nb": ["body"], "ar": ["body"]})


def submit_in_locales(api: Any, page_id: int, fields: dict[str, Any], locales: dict[str, Any]) -> dict[str, Any]:
    version = read(api, page_id)["lock_version"]
    answer = api.post(
        f"/admin/en/pages/{page_id}/reviews.json",
        {"page": fields, "lock_version": version, "message": "", "locales": locales},
    )
    assert answer.status_code == 201, answer.content
    return dict(answer.json())


def test_a_change_in_several_locales_moves_each_locales_state_when_it_goes_live(api, db):
    page_id = create(api, name="Harbour", body="At dawn", status=2)
    save(api, page_id, "nb", name="Havn", body="Ved daggry")
    save(api, page_id, "ar", name="ميناء", body="فجرا")
    author = staff("translator")
    PageGrant.objects.create(user=author, page_id=page_id, submit=True)
    author_api = client_of(author)
    current = ({"nb": "current", "ar": "current"}, {"nb": [], "ar": []})

    # The source and its Norwegian translation changed together: while it waits nothing moves.
    review = submit_in_locales(author_api, page_id, {"body": "At dusk"}, {"nb": {"body": "I skumringen"}})
    assert state(api, page_id) == current
    assert api.post(f"/admin/en/pages/{page_id}/reviews/{review['id']}/approve.json", {}).status_code == 200
    # Live: Norwegian was made against the new source in the same save; Arabic was not.
    assert state(api, page_id) == ({"nb": "current", "ar": "outdated"}, {"nb": [], "ar": ["body"]})

    # A change of the Arabic translation alone brings it up to date only once approved.
    review = submit_in_locales(author_api, page_id, {}, {"ar": {"body": "غسقا"}})
    assert state(api, page_id) == ({"nb": "current", "ar": "outdated"}, {"nb": [], "ar": ["body"]})
    api.post(f"/admin/en/pages/{page_id}/reviews/{review['id']}/request_changes.json", {"comment": "No"})
    assert state(api, page_id) == ({"nb": "current", "ar": "outdated"}, {"nb": [], "ar": ["body"]})
    review = submit_in_locales(author_api, page_id, {}, {"ar": {"body": "غسقا"}})
    assert api.post(f"/admin/en/pages/{page_id}/reviews/{review['id']}/approve.json", {}).status_code == 200
    assert state(api, page_id) == current
