"""The request the API hands its views once it has authenticated the caller (cms.api.auth)."""

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest


class AuthenticatedRequest(HttpRequest):
    """A request whose `auth` is the signed-in staff user making it."""

    auth: AbstractBaseUser
