"""Bulk jobs under real concurrency (PostgreSQL): two jobs over the same pages at once, and two
runs of one job at once (a task thought dead that was not)."""

from functools import partial
from typing import Any

import pytest
from django.db import connection

from cms.audit.models import AuditEntry
from cms.core.exceptions import DomainError
from cms.pages.bulk import services, tasks
from cms.pages.models import BulkJob, BulkResult, Page, PageRevision, Status
from cms.pages.tests.concurrency import at_once

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency"),
    pytest.mark.django_db(transaction=True),
]
PAGES = 12


@pytest.fixture
def pages(make_page) -> dict[str, Any]:
    section = make_page("Section", path_segment="section")
    target = make_page("Target", path_segment="target")
    children = [make_page(f"Page {n}", parent=section, path_segment=f"page-{n}") for n in range(PAGES)]
    return {"section": section, "target": target, "pages": children}


def revisions(pages: list[Page]) -> dict[int, int]:
    return {page.pk: PageRevision.objects.filter(page=page).count() for page in pages}


def run_to_the_end(job_id: int) -> None:
    while tasks.run_slice(job_id, pages=3):
        pass


def test_two_jobs_over_the_same_pages_at_once_each_write_every_page_once(admin_user, pages):
    children = pages["pages"]
    before = revisions(children)
    ids = [page.pk for page in children]
    publish = services.start_job(actor=admin_user, locale="en", action="publish", page_ids=ids, fields_sent=set())
    move = services.start_job(
        actor=admin_user, locale="en", action="move", page_ids=list(reversed(ids)),
        parent_page_id=pages["target"].pk, fields_sent={"parent_page_id"},
    )  # fmt: skip
    outcomes = at_once(
        (partial(run_to_the_end, publish.pk), DomainError), (partial(run_to_the_end, move.pk), DomainError)
    )
    assert outcomes == ["done", "done"], outcomes
    for job in (publish, move):
        job = BulkJob.objects.get(pk=job.pk)
        assert (job.state, job.done, job.refused, job.failed) == ("done", PAGES, 0, 0)
        outcomes = list(BulkResult.objects.filter(job=job).order_by("position").values_list("position", "outcome"))
        assert outcomes == [(n, "done") for n in range(PAGES)]
    moved = Page.objects.filter(parent=pages["target"]).order_by("position")
    assert list(moved.values_list("pk", flat=True)) == list(reversed(ids))  # in the move's order
    assert list(moved.values_list("position", flat=True)) == list(range(1, PAGES + 1))
    assert not Page.objects.filter(parent=pages["section"]).exists()
    for page in children:
        assert Page.objects.get(pk=page.pk).status == Status.PUBLISHED
        assert PageRevision.objects.filter(page=page).count() == before[page.pk] + 1  # the publish's
        actions = sorted(AuditEntry.objects.filter(subject="page", subject_id=page.pk).values_list("action", flat=True))
        assert actions == ["create", "move", "update"]


def test_two_runs_of_one_job_at_once_write_no_page_twice(admin_user, pages):
    children = pages["pages"]
    before = revisions(children)
    job = services.start_job(
        actor=admin_user, locale="en", action="tag", page_ids=[page.pk for page in children], tag="Bulk",
        fields_sent={"tag"},
    )  # fmt: skip
    outcomes = at_once((partial(run_to_the_end, job.pk), DomainError), (partial(run_to_the_end, job.pk), DomainError))
    assert outcomes == ["done", "done"], outcomes
    job = BulkJob.objects.get(pk=job.pk)
    assert (job.state, job.done, job.failed) == ("done", PAGES, 0)
    assert list(BulkResult.objects.filter(job=job).order_by("position").values_list("position", flat=True)) == list(
        range(PAGES)
    )
    for page in children:
        assert PageRevision.objects.filter(page=page).count() == before[page.pk] + 1
        assert list(Page.objects.get(pk=page.pk).tags.values_list("name", flat=True)) == ["Bulk"]
