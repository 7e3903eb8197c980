"""Reads about users."""

from django.contrib.auth import get_user_model


def author_choices() -> list[dict[str, object]]:
    """Return the users a page can name as its author (spec §6: a server-supplied list)."""
    users = get_user_model().objects.filter(is_active=True, is_staff=True).order_by("first_name", "username")
    return [{"id": u.pk, "name": u.get_full_name() or u.get_username()} for u in users]
