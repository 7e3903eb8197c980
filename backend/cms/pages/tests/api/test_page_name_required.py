"""A page needs a name in the default locale (issue 18, item 5): the site shows it wherever a
translation has none. A save that would leave it without one is refused; other locales may be
empty (not translated)."""

from cms.pages.models import Page, PageLocalization


def _errors(response):
    return [tuple(pair) for pair in response.json()["errors"]]


def test_create_without_a_name_returns_422_on_name_and_stores_nothing(api):
    response = api.post("/admin/en/pages.json", {"page": {"body": "Text", "template": "page"}})
    assert response.status_code == 422
    assert ("name", "can't be blank") in _errors(response)
    assert response.json()["id"] is None  # the page shape, as every refused save answers
    assert not Page.objects.exists()


def test_create_with_a_blank_name_returns_422(api):
    response = api.post("/admin/en/pages.json", {"page": {"name": "   "}})
    assert response.status_code == 422
    assert ("name", "can't be blank") in _errors(response)
    assert not Page.objects.exists()


def test_update_clearing_the_only_name_returns_422_and_keeps_it(api, make_page):
    page = make_page("Only name")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "", "body": "New"}})
    assert response.status_code == 422
    assert ("name", "can't be blank") in _errors(response)
    assert PageLocalization.objects.get(page=page, locale="en").name == "Only name"
    page.refresh_from_db()
    assert page.lock_version == 0


def test_a_name_in_another_locale_is_enough(api, make_page):
    page = make_page("English name")
    response = api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"name": "", "body": "Norsk"}})
    assert response.status_code == 200
    assert response.json()["blocks"]["name"]["en"] == "English name"


def test_clearing_the_default_name_is_refused_though_a_translation_has_one(api, make_page):
    """A published page once went live as "New Page" on /en/ this way."""
    page = make_page("English name", status=2)
    api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"name": "Norsk navn"}})
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": ""}})
    assert response.status_code == 422
    assert ("name", "can't be blank") in _errors(response)
    assert PageLocalization.objects.get(page=page, locale="en").name == "English name"


def test_a_page_is_not_made_in_a_translation_first(api):
    response = api.post("/admin/nb/pages.json", {"page": {"name": "Bare norsk"}})
    assert response.status_code == 422
    assert ("name", "needs a name in English, the site's main language, first") in _errors(response)
    assert not Page.objects.exists()


def test_a_translation_saves_while_the_page_lacks_a_default_name_only_once_it_has_one(api, make_page):
    page = make_page("English name")
    PageLocalization.objects.filter(page=page, locale="en").update(name="")  # as an older version could leave it
    response = api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"name": "Norsk"}})
    assert response.status_code == 422
    assert [attribute for attribute, _message in _errors(response)] == ["name"]
    assert api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Back"}}).status_code == 200
    assert api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"name": "Norsk"}}).status_code == 200


def test_a_tree_status_change_of_a_named_page_needs_no_name_in_the_payload(api, make_page):
    page = make_page("Named")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"status": 2}})
    assert response.status_code == 200
