"""The Waiting for review screen (issue 32, DESIGN §3): the changes the signed-in user may decide,
embedded as GET /admin/reviews.json answers its first page, so the list shows without a call."""

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cms.admin_ui.views import _screen, admin_screen
from cms.pages.reviews import listing
from cms.pages.reviews.api import QueuedReviewOut
from cms.pages.templates_registry import registry


@admin_screen
def reviews_screen(request: HttpRequest, locale: str) -> HttpResponse:
    records, total = listing.waiting_for(request.user, page=1)
    data = {
        "screen": "reviews",
        "reviews": [
            QueuedReviewOut.model_validate(record).model_dump(mode="json", context={"request": request})
            for record in records
        ],
        "total": total,
        "templates": registry().as_dicts(get_language()),  # blocks named by their titles
    }
    return _screen(request, entry="reviews.tsx", locale=locale, title=_("Waiting for review"), data=data)
