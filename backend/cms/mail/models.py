from django.db import models


class OutgoingMail(models.Model):
    """One message to one address, from the moment it is asked for until it is delivered or
    given up: the record a sender reads back ("not delivered"). Its body is kept only while it
    may still be sent (it may hold a one-time link) and emptied once it is sent or given up."""

    class State(models.TextChoices):
        QUEUED = "queued"
        SENDING = "sending"
        SENT = "sent"
        FAILED = "failed"

    # What the mail is, for whoever asks for it (None: a mail of its own); asked twice, sent once.
    key = models.CharField(max_length=200, unique=True, null=True)  # noqa: DJ001  (NULLs are not unique)
    to = models.EmailField(max_length=254)
    subject = models.CharField(max_length=300)
    text = models.TextField()
    html = models.TextField(blank=True)
    language = models.CharField(max_length=10)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    # Until when the current attempt holds it: past this, a worker that died mid-send let it go.
    claimed_until = models.DateTimeField(null=True)
    last_error = models.CharField(max_length=300, blank=True)
    # The same on every attempt, so a receiving server can tell a repeat from a new message.
    message_id = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True)

    class Meta:
        indexes = [models.Index(fields=["state", "claimed_until"], name="mail_outgoing_state_idx")]

    def __str__(self) -> str:
        return f"mail {self.pk} ({self.state})"
