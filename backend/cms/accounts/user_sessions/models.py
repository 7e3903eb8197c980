"""The index of signed-in sessions by user."""

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import models
from django.utils import timezone


class SignedInSession(models.Model):
    """One signed-in session of a user, written at sign-in and refreshed at most every few minutes.

    Read joined to Django's session row, so a session Django has deleted (sign-out, a key cycled
    at sign-in or at a password change, expiry clean-up, end_sessions) is never listed; its row
    is pruned at the user's next sign-in. Not a cascade: Django deletes sessions in bulk
    (clearsessions) with one fast DELETE, which a cascade would turn into loading every row.
    Never exposes the session key itself: the page names a row by its id.
    """

    session = models.OneToOneField(Session, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False)
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
