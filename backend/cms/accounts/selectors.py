"""Reads about users."""

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext as _

from cms.core.people import display_name
from cms.core.types import Visitor


def author_choices(*, reader: Visitor, current: int | None = None) -> list[dict[str, object]]:
    """Return the users a page can name as its author (spec §6: a server-supplied list): the
    active ones, and the page's `current` author even when deactivated, so the select shows
    who wrote it and saving keeps them. Named as `reader` may see them (cms.core.people)."""
    active = Q(is_active=True, is_staff=True)
    users = get_user_model().objects.filter(active | Q(pk=current) if current else active)
    choices = []
    for user in users.order_by("-is_active", "first_name", "username"):
        name = display_name(user, reader)
        if not (user.is_active and user.is_staff):
            name = _("%(name)s (deactivated)") % {"name": name}
        choices.append({"id": user.pk, "name": name})
    return choices
