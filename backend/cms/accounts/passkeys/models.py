"""A user's passkeys: public keys only; the private key never leaves the authenticator."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Passkey(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="passkeys")
    # base64url, as the browser names it: unique across users, so an assertion finds its one key.
    credential_id = models.CharField(max_length=1400, unique=True)
    public_key = models.BinaryField()  # COSE, as the authenticator sent it
    # The authenticator's counter: an assertion must raise it (when it counts at all), or it is a
    # copy of an old one (a cloned key or a replay).
    sign_count = models.PositiveBigIntegerField(default=0)
    transports = models.JSONField(default=list)
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "accounts"
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user_id})"
