"""What the accounts app stores beside Django's users: failed sign-ins, for throttling, and
each user's preferences."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class LoginFailure(models.Model):
    """One failed sign-in, counted against a key that names an account or an address.

    Kept in the database rather than the cache because the default cache is private to each
    worker process, so every worker would grant its own allowance of attempts.
    """

    key = models.CharField(max_length=64)
    # Indexed alone too: pruning deletes by age across every key.
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["key", "at"], name="accounts_loginfailure_key_at")]

    def __str__(self) -> str:
        return f"{self.key} at {self.at:%Y-%m-%d %H:%M:%S}"


class Preferences(models.Model):
    """What a user chose for themself: the admin's interface language (empty: the browser's)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    # A code of settings.LANGUAGES; not a database choice list, so a language shipped later (or
    # dropped) needs no migration: an unknown code is read as no choice.
    interface_language = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.interface_language or 'browser language'}"


# Models kept in the accounts app's own packages, registered with the app here.
from cms.accounts.passkeys.models import Passkey  # noqa: E402
from cms.accounts.totp.models import RecoveryCode, TotpDevice  # noqa: E402
from cms.accounts.user_sessions.models import SignedInSession  # noqa: E402

__all__ = ["LoginFailure", "Passkey", "Preferences", "RecoveryCode", "SignedInSession", "TotpDevice"]
