"""A page needs a name: in some locale, or the tree can't show it; and in the default locale
whenever a save sends one, makes the page or gives it an address there (issue 18, item 5): the
site shows that name wherever a translation has none. Other locales may be empty."""

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


def test_a_page_may_start_in_another_locale(api):
    response = api.post("/admin/ar/pages.json", {"page": {"name": "من نحن"}})
    assert response.status_code == 201
    assert response.json()["blocks"]["name"] == {"ar": "من نحن"}


def test_no_address_in_the_default_locale_without_a_name_there(api):
    created = api.post("/admin/ar/pages.json", {"page": {"name": "من نحن"}}).json()
    response = api.put(f"/admin/en/pages/{created['id']}.json", {"page": {"path_segment": "about"}})
    assert response.status_code == 422
    assert ("name", "can't be blank") in _errors(response)
    assert not PageLocalization.objects.filter(page_id=created["id"], locale="en").exists()


def test_a_tree_action_in_the_default_locale_on_a_page_named_elsewhere_is_kept(api):
    created = api.post("/admin/ar/pages.json", {"page": {"name": "من نحن"}}).json()
    response = api.put(f"/admin/en/pages/{created['id']}.json", {"page": {"status": 2}})
    assert response.status_code == 200


def test_a_tree_status_change_of_a_named_page_needs_no_name_in_the_payload(api, make_page):
    page = make_page("Named")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"status": 2}})
    assert response.status_code == 200
