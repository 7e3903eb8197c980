"""The request the API hands its views once it has authenticated the caller (cms.api.auth)."""

from django.http import HttpRequest

from cms.core.types import User


class AuthenticatedRequest(HttpRequest):
    """A request whose `auth` is the signed-in staff user making it."""

    auth: User
