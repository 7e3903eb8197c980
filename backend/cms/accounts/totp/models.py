"""A user's TOTP secret and recovery codes."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class TotpDevice(models.Model):
    """The authenticator app's shared secret. Unconfirmed until a code from the app proves it was
    copied right: only a confirmed one turns the second step on."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="totp_device")
    secret = models.CharField(max_length=64)  # base32; needed in the clear to compute codes
    confirmed = models.BooleanField(default=False)
    # The time step of the last code accepted: a code is accepted once, and never an older one.
    last_counter = models.BigIntegerField(default=-1)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"TOTP of user {self.user_id} ({'on' if self.confirmed else 'unconfirmed'})"


class RecoveryCode(models.Model):
    """One of the ten codes shown once when TOTP is turned on; stored as a keyed hash only."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="recovery_codes")
    code_hash = models.CharField(max_length=64)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "code_hash"], name="accounts_recoverycode_unique")]

    def __str__(self) -> str:
        return f"Recovery code of user {self.user_id}{' (used)' if self.used_at else ''}"
