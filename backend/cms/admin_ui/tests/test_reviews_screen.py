"""The Waiting for review screen: served under a locale with the first page of the changes the
signed-in user may decide embedded, in the shape the OpenAPI document gives it."""

from cms.accounts.languages import set_interface_language
from cms.admin_ui.schemas import ReviewsScreenOut
from cms.admin_ui.tests.test_deleted_pages_screen import embedded


def test_the_screen_embeds_what_waits_for_the_user(browser):
    response = browser.get("/admin/en/reviews")
    assert response.status_code == 200
    data = embedded(response)
    assert data["screen"] == "reviews"
    assert data["reviews"] == [] and data["total"] == 0
    ReviewsScreenOut.model_validate(data)
    assert browser.get("/admin/xx/reviews").status_code == 404


def test_the_screen_names_blocks_in_the_interface_language(browser, admin_user):
    set_interface_language(admin_user, "nb")
    data = embedded(browser.get("/admin/en/reviews"))
    titles = {block["name"]: block["title"] for template in data["templates"] for block in template["blocks"]}
    assert titles["body"] == "Brødtekst" and titles["name"] == "Navn"
