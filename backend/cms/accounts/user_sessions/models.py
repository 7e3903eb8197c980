"""The index of signed-in sessions by user."""

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import models
from django.utils import timezone


class SignedInSession(models.Model):
    """One signed-in session of a user, written at sign-in and refreshed at most every few minutes.

    Tied to Django's session row: when Django deletes it (sign-out, a key cycled at a password
    change, expiry clean-up, end_sessions), this goes with it, so the index never names a session
    that is gone. Never exposes the session key itself: the page names a row by its id.
    """

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="+", db_constraint=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_agent = models.CharField(max_length=300, blank=True, default="")
    address = models.CharField(max_length=64, blank=True, default="")
    signed_in_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        app_label = "accounts"
        indexes = [models.Index(fields=["user", "last_seen_at"], name="accounts_signedin_user_seen")]

    def __str__(self) -> str:
        return f"{self.user_id} since {self.signed_in_at:%Y-%m-%d %H:%M}"
