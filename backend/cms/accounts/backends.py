"""How a signed-in request finds its user."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied


class AccountBackend(ModelBackend):
    """Django's own, reading the user's preferences in the same query as the user: every
    admin request needs both (the interface language), so that is one round trip, not two.

    Settings list Django's own after it, only so that sessions signed in before this backend
    existed (they name Django's) stay signed in: Django drops a session whose backend is gone.
    """

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None and username is not None and password is not None:
            # Refused here, once: the backend listed after this one would check the same password
            # again (twice the hashing on every failed login). Django answers this as a refusal.
            raise PermissionDenied
        return user

    def get_user(self, user_id: Any) -> Any:
        model = get_user_model()
        try:
            user = model._default_manager.select_related("preferences").get(pk=user_id)
        except model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
