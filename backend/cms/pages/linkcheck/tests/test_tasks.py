"""The rounds on the task engine (cms.pages.linkcheck.tasks), kept queued by the workers'
housekeeping with nothing for an operator to schedule, and `manage.py check_links`."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from cms.background.housekeeping import run_housekeeping
from cms.background.tests.worker import run_queued_tasks
from cms.pages.linkcheck.models import LinkCheck
from cms.pages.linkcheck.tasks import check_external_links, keep_checks_queued
from cms.pages.models import ExternalReference

pytestmark = pytest.mark.django_db


@pytest.fixture
def links(make_page, server):
    page = make_page("Links")
    urls = [f"{server.base}/ok", f"{server.base}/missing", f"{server.base}/no-head"]
    for url in urls:
        ExternalReference.objects.create(
            page=page, locale="en", block="body", kind="link", host="127.0.0.1", family="127.0.0.1", url=url
        )
    return urls


def rounds(status=None):
    found = DBTaskResult.objects.filter(task_path=check_external_links.module_path)
    return found.filter(status=status) if status else found


def test_the_workers_housekeeping_queues_a_round_and_a_worker_runs_it(links, settings):
    assert "cms.pages.linkcheck.tasks.keep_checks_queued" in settings.CMS_WORKER_HOUSEKEEPING
    run_housekeeping()
    assert rounds(TaskResultStatus.READY).count() == 1
    run_queued_tasks()
    assert dict(LinkCheck.objects.values_list("url", "reason")) == dict(
        zip(links, ["ok", "http_404", "ok"], strict=True)
    )


def test_a_round_queues_the_next_for_later_when_nothing_is_left(links, settings):
    settings.CMS_LINK_CHECK_POLL_SECONDS = 600
    check_external_links.enqueue()
    run_queued_tasks()
    waiting = rounds(TaskResultStatus.READY).get()
    assert timedelta(seconds=590) < waiting.run_after - timezone.now() <= timedelta(seconds=600)
    assert rounds(TaskResultStatus.SUCCESSFUL).get().return_value == 3


def test_a_round_with_more_due_queues_the_next_at_once(links, settings):
    settings.CMS_LINK_CHECK_BATCH = 1
    check_external_links.enqueue()
    run_queued_tasks()  # runs the chain until nothing is due
    assert LinkCheck.objects.filter(checked_at__isnull=False).count() == 3
    assert list(rounds(TaskResultStatus.SUCCESSFUL).values_list("return_value", flat=True)) == [1, 1, 1]
    assert rounds(TaskResultStatus.READY).count() == 1  # the chain goes on, later


def test_housekeeping_queues_nothing_while_a_round_waits(links):
    assert keep_checks_queued() is True
    assert keep_checks_queued() is False
    assert rounds().count() == 1


def test_turned_off_nothing_is_queued_and_a_waiting_round_ends_the_chain(links, settings, server):
    check_external_links.enqueue()
    settings.CMS_LINK_CHECKS = False
    assert keep_checks_queued() is False
    run_queued_tasks()
    assert not rounds(TaskResultStatus.READY).exists()
    assert server.log.requests == [] and not LinkCheck.objects.exists()
    assert keep_checks_queued() is False and not rounds(TaskResultStatus.READY).exists()


def test_two_waiting_rounds_become_one_chain_again(links):
    check_external_links.enqueue()
    check_external_links.enqueue()  # two workers' housekeeping at the same moment
    run_queued_tasks()
    assert rounds(TaskResultStatus.READY).count() == 1
    assert LinkCheck.objects.filter(checked_at__isnull=False).count() == 3


def test_the_command_checks_what_is_due_at_once(links, server):
    out = StringIO()
    call_command("check_links", stdout=out)
    assert out.getvalue().strip() == "Checked 3 addresses."
    call_command("check_links", stdout=out)
    assert out.getvalue().splitlines()[-1] == "Checked 0 addresses."
    asked = len(server.log.requests)
    call_command("check_links", "--all", stdout=out)
    assert out.getvalue().splitlines()[-1] == "Checked 3 addresses."
    assert len(server.log.requests) > asked


def test_the_command_can_queue_a_round_instead(links):
    call_command("check_links", "--enqueue", stdout=StringIO())
    assert rounds(TaskResultStatus.READY).count() == 1
    assert not LinkCheck.objects.exists()
