"""The Waiting for review screen: served under a locale with the first page of the changes the
signed-in user may decide embedded, in the shape the OpenAPI document gives it."""

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
