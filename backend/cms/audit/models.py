"""The audit log: who did what, and when, to what (beyond the spec; editors rely on it)."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    """One accepted user action, written in the same transaction as the change it records.

    The subject is named by kind and id, not by a foreign key: this app depends on no other,
    and an entry outlives what it names. The user's name is kept too, for a user deleted later.
    """

    at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    user_name = models.CharField(max_length=150)
    action = models.CharField(max_length=32)
    subject = models.CharField(max_length=16)  # page, image, attachment, user, grants
    subject_id = models.BigIntegerField(null=True)
    details = models.JSONField(default=dict)

    class Meta:
        indexes = [
            models.Index(fields=["subject", "subject_id", "-at"], name="audit_subject_at"),
            models.Index(fields=["-at"], name="audit_at"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user_name} {self.action} {self.subject} {self.subject_id}"
