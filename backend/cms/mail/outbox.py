"""Mail goes out through an outbox: asking for a mail writes its row and a task to deliver it,
in the caller's transaction (so a mail exists exactly when the change that asked for it does),
and a worker of the task engine sends it after the answer (cms/background/).

Delivery is at least once and idempotent: an attempt first claims the row for a while
(`claimed_until`), so two workers never send it together; a sent row is never sent again; a
worker that dies mid-send leaves its claim to expire and its task to be put back in the queue
(cms.background.recovery), and the next attempt sends it. A refusal or an unreachable server is
retried with growing delays (CMS_MAIL_RETRY_DELAYS); after the last, the row says `failed` with
the reason, for whoever asked for the mail to read.
"""

import logging
from datetime import timedelta
from email.utils import make_msgid

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django_tasks import task

from cms.mail.composing import Composed
from cms.mail.models import OutgoingMail

logger = logging.getLogger("cms.mail")
State = OutgoingMail.State


def queue_mail(*, to: str, composed: Composed, key: str | None = None) -> OutgoingMail | None:
    """Ask for one mail to `to`; it is sent after the caller's transaction commits. A `key` names
    the mail once: asked for again with it (a task run twice), nothing more is queued (None)."""
    if key is not None and OutgoingMail.objects.filter(key=key).exists():
        return None
    with transaction.atomic():  # the row and its task, or neither
        mail = OutgoingMail.objects.create(
            key=key,
            to=to,
            subject=composed.subject,
            text=composed.text,
            html=composed.html,
            language=composed.language,
            message_id=make_msgid(domain=_sender_domain()),
        )
        deliver_mail.enqueue(mail.pk)
    return mail


@task()
def deliver_mail(mail_id: int) -> None:
    """One attempt to send the mail (the engine runs it; a retry is a new task, later)."""
    mail = _claim(mail_id)
    if mail is None:
        return  # sent or given up already, or another worker holds it
    if mail.attempts > len(settings.CMS_MAIL_RETRY_DELAYS) + 1:  # its workers kept dying on it
        _give_up(mail, "no attempt finished")
        return
    try:
        _send(mail)
    except Exception as error:  # a refusal, a lost connection, a timeout: all retried
        _failed_attempt(mail, error)
        return
    _still_held(mail).update(
        state=State.SENT, sent_at=timezone.now(), claimed_until=None, text="", html="", last_error=""
    )


def _claim(mail_id: int) -> OutgoingMail | None:
    now = timezone.now()
    claimable = Q(state=State.QUEUED) | Q(state=State.SENDING, claimed_until__lt=now)
    lease = timedelta(seconds=settings.CMS_TASK_STALE_SECONDS)
    claimed = OutgoingMail.objects.filter(claimable, pk=mail_id).update(
        state=State.SENDING, claimed_until=now + lease, attempts=F("attempts") + 1
    )
    return OutgoingMail.objects.get(pk=mail_id) if claimed else None


def _still_held(mail: OutgoingMail) -> "QuerySet[OutgoingMail]":
    """The row, while this attempt's claim holds: an attempt that outlived its claim (a worker
    thought dead) changes nothing of what the next attempt did."""
    return OutgoingMail.objects.filter(pk=mail.pk, state=State.SENDING, attempts=mail.attempts)


def _send(mail: OutgoingMail) -> None:
    message = EmailMultiAlternatives(
        subject=mail.subject,
        body=mail.text,
        from_email=settings.CMS_MAIL_FROM,
        to=[mail.to],
        headers={"Message-ID": mail.message_id, "Content-Language": mail.language},
    )
    if mail.html:
        message.attach_alternative(mail.html, "text/html")
    message.send()


def _failed_attempt(mail: OutgoingMail, error: Exception) -> None:
    reason = f"{type(error).__name__}: {error}"[:300]
    delays = settings.CMS_MAIL_RETRY_DELAYS
    if mail.attempts > len(delays):
        _give_up(mail, reason)
        return
    retry_at = timezone.now() + timedelta(seconds=delays[mail.attempts - 1])
    logger.info("mail %s not sent (attempt %d), retried at %s: %s", mail.pk, mail.attempts, retry_at, reason)
    with transaction.atomic():
        if _still_held(mail).update(state=State.QUEUED, claimed_until=None, last_error=reason):
            deliver_mail.using(run_after=retry_at).enqueue(mail.pk)


def _give_up(mail: OutgoingMail, reason: str) -> None:
    logger.warning("mail %s not delivered after %d attempts: %s", mail.pk, mail.attempts, reason)
    _still_held(mail).update(state=State.FAILED, claimed_until=None, text="", html="", last_error=reason[:300])


def _sender_domain() -> str:
    address = settings.CMS_MAIL_FROM.rsplit("<", 1)[-1].rstrip(">")
    return address.rpartition("@")[2] or "localhost"
