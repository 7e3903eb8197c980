"""How a signed-in request finds its user."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class AccountBackend(ModelBackend):
    """Django's own, reading the user's preferences in the same query as the user: every
    admin request needs both (the interface language), so that is one round trip, not two."""

    def get_user(self, user_id: Any) -> Any:
        model = get_user_model()
        try:
            user = model._default_manager.select_related("preferences").get(pk=user_id)
        except model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
