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


class Invitation(models.Model):
    """An administrator's invitation to one address: the account the invitee will make (name,
    administrator or not) and the grants it will hold, kept as data (`grants`: a list of
    `{"page_ids": [id or null for the root], "permissions": [...]}`), since accounts may not
    import pages; pages applies them when the invitation is accepted (cms.accounts.invitations.grants).

    Only a hash of its token is stored: the link in the mail is the one place the token is.
    """

    email = models.EmailField(max_length=254)
    name = models.CharField(max_length=150, blank=True)
    is_superuser = models.BooleanField(default=False)
    grants = models.JSONField(default=list)
    # The interface language of the mail and of the acceptance page (a code of settings.LANGUAGES).
    language = models.CharField(max_length=16)
    token_hash = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="invitations_sent"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True)
    accepted_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    revoked_at = models.DateTimeField(null=True)
    # The mail that carries the link: its state is the invitation's delivery ("not delivered").
    mail = models.ForeignKey("mail.OutgoingMail", null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["invited_by", "created_at"], name="accounts_invitation_by_at")]

    def __str__(self) -> str:
        return f"invitation {self.pk} to {self.email}"


# Models kept in the accounts app's own packages, registered with the app here.
from cms.accounts.passkeys.models import Passkey  # noqa: E402
from cms.accounts.totp.models import RecoveryCode, TotpDevice  # noqa: E402
from cms.accounts.user_sessions.models import SignedInSession  # noqa: E402

__all__ = ["Invitation", "LoginFailure", "Passkey", "Preferences", "RecoveryCode", "SignedInSession", "TotpDevice"]
