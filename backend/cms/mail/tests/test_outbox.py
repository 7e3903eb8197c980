"""Mail through the outbox, the task engine and a real SMTP server (cms/mail/tests/smtp.py):
sent once after the asking transaction, retried with growing delays, given up and marked failed,
and sent once however a worker dies."""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cms.background.recovery import requeue_stalled_tasks
from cms.background.tests.worker import run_queued_tasks
from cms.mail.composing import Composed
from cms.mail.models import OutgoingMail
from cms.mail.outbox import queue_mail
from cms.mail.tests.smtp import SmtpServer, html_part, text_part

BACKEND_DIR = Path(__file__).resolve().parents[3]
HELLO = Composed(subject="Hello", text="Plain words.\n", html="<p>Plain words.</p>", language="nb")


def test_a_queued_mail_is_sent_by_a_worker_with_a_plain_text_and_an_html_part(db, smtp_server: SmtpServer) -> None:
    mail = queue_mail(to="reader@example.com", composed=HELLO)
    assert mail is not None
    assert smtp_server.messages == []  # nothing is sent by whoever asked
    run_queued_tasks()
    [message] = smtp_server.messages
    assert message["To"] == "reader@example.com"
    assert message["From"] == settings.CMS_MAIL_FROM
    assert message["Subject"] == "Hello"
    assert message["Content-Language"] == "nb"
    assert message["Message-ID"] == mail.message_id
    assert text_part(message) == "Plain words.\n"
    assert "<p>Plain words.</p>" in html_part(message)
    mail.refresh_from_db()
    assert (mail.state, mail.attempts, mail.text, mail.html) == ("sent", 1, "", "")  # the body is not kept
    run_queued_tasks()
    assert len(smtp_server.messages) == 1


def test_a_key_queues_a_mail_once(db, smtp_server: SmtpServer) -> None:
    assert queue_mail(to="reader@example.com", composed=HELLO, key="greeting:1") is not None
    assert queue_mail(to="reader@example.com", composed=HELLO, key="greeting:1") is None
    run_queued_tasks()
    assert len(smtp_server.messages) == 1


def test_a_refused_mail_is_retried_later_and_later(db, settings, smtp_server: SmtpServer) -> None:
    settings.CMS_MAIL_RETRY_DELAYS = [60, 600]
    smtp_server.mailbox.refusing = True
    mail = queue_mail(to="reader@example.com", composed=HELLO)
    assert mail is not None
    before = timezone.now()
    run_queued_tasks()  # the retry is not due yet: the worker stops
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == ("queued", 1)
    assert "451" in mail.last_error
    retry = DBTaskResult.objects.get(status=TaskResultStatus.READY)
    assert before + timedelta(seconds=59) < retry.run_after < timezone.now() + timedelta(seconds=61)
    # The second attempt, when due, waits longer for the third.
    DBTaskResult.objects.filter(pk=retry.pk).update(run_after=timezone.now())
    run_queued_tasks()
    second = DBTaskResult.objects.get(status=TaskResultStatus.READY)
    assert second.run_after > timezone.now() + timedelta(seconds=590)
    smtp_server.mailbox.refusing = False
    DBTaskResult.objects.filter(pk=second.pk).update(run_after=timezone.now())
    run_queued_tasks()
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == ("sent", 3)
    assert len(smtp_server.messages) == 1


def test_a_mail_no_server_takes_is_marked_failed_with_the_reason(db, settings, smtp_server: SmtpServer) -> None:
    settings.CMS_MAIL_RETRY_DELAYS = [0, 0]
    smtp_server.mailbox.refusing = True
    refused = queue_mail(to="reader@example.com", composed=HELLO)
    run_queued_tasks()
    smtp_server.stop()  # and a server that is gone
    unreachable = queue_mail(to="other@example.com", composed=HELLO)
    run_queued_tasks()
    assert refused is not None and unreachable is not None
    refused.refresh_from_db()
    unreachable.refresh_from_db()
    assert (refused.state, refused.attempts, refused.text) == ("failed", 3, "")
    assert "451" in refused.last_error
    assert (unreachable.state, unreachable.attempts) == ("failed", 3)
    assert "ConnectionRefusedError" in unreachable.last_error


def test_a_task_whose_worker_died_is_run_again_and_its_mail_sent_once(db, settings, smtp_server: SmtpServer) -> None:
    """What a worker killed mid-send leaves: its task RUNNING and the mail claimed (in PostgreSQL,
    below, the same with a real process killed)."""
    settings.CMS_TASK_STALE_SECONDS = 60
    mail = queue_mail(to="reader@example.com", composed=HELLO)
    assert mail is not None
    long_ago = timezone.now() - timedelta(minutes=5)
    DBTaskResult.objects.update(status=TaskResultStatus.RUNNING, started_at=long_ago, worker_ids=["gone"])
    OutgoingMail.objects.filter(pk=mail.pk).update(state="sending", claimed_until=long_ago, attempts=1)
    run_queued_tasks()
    assert smtp_server.messages == []  # RUNNING: no worker takes it until it is found stalled
    assert requeue_stalled_tasks() == 1
    run_queued_tasks()
    assert len(smtp_server.messages) == 1
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == ("sent", 2)


def test_a_task_that_kills_every_worker_is_failed_in_the_end(db) -> None:
    queue_mail(to="reader@example.com", composed=HELLO)
    DBTaskResult.objects.update(
        status=TaskResultStatus.RUNNING, started_at=timezone.now() - timedelta(days=1), worker_ids=["a"] * 5
    )
    assert requeue_stalled_tasks() == 1
    assert DBTaskResult.objects.get().status == TaskResultStatus.FAILED


@pytest.mark.long
@pytest.mark.postgres
def test_a_worker_killed_mid_send_leaves_the_mail_to_another_which_sends_it_once(
    transactional_db, smtp_server: SmtpServer
) -> None:
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("workers in other processes need a database they share: PostgreSQL")
    from cms.core.tests.system.servers import database_url

    mailbox = smtp_server.mailbox
    mailbox.holding.set()
    mail = queue_mail(to="reader@example.com", composed=HELLO)
    assert mail is not None
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CMS_", "EMAIL_"))}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url(),
        SECRET_KEY=settings.SECRET_KEY,
        EMAIL_URL=f"smtp://127.0.0.1:{smtp_server.port}",
        CMS_TASK_STALE_SECONDS="1",
        LOG_FORMAT="text",
    )
    command = [sys.executable, str(BACKEND_DIR / "manage.py"), "run_tasks", "--interval", "0.1", "--no-startup-delay"]
    first = subprocess.Popen(command, cwd=BACKEND_DIR, env=environment)
    try:
        assert mailbox.arrived.wait(30), "the first worker never reached DATA"
        first.send_signal(signal.SIGKILL)  # mid-send: the server holds the message's DATA
        first.wait(10)
        mailbox.holding.clear()
        mailbox.release.set()
        second = subprocess.Popen(command, cwd=BACKEND_DIR, env=environment)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not smtp_server.messages:
                time.sleep(0.1)
            time.sleep(1.5)  # long enough for a second (wrong) sending
        finally:
            second.terminate()
            second.wait(10)
    finally:
        if first.poll() is None:
            first.kill()
    assert len(smtp_server.messages) == 1
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == ("sent", 2)
