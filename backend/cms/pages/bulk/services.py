"""Starting a bulk job and reading it back (cms.pages.bulk)."""

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.audit import log as audit
from cms.core.exceptions import NotFound, ValidationFailed
from cms.core.locales import get_locale
from cms.core.messages import DOES_NOT_EXIST, message
from cms.core.types import User
from cms.pages.bulk import tasks
from cms.pages.bulk.actions import ACTIONS, cleaned_tag
from cms.pages.bulk.results import worded_reason
from cms.pages.models import BulkJob, BulkResult, Page

NEEDED_TO_MOVE = _("is needed to move pages: the new parent's id, or null for the top level")
NEEDED_TO_TAG = _("is needed to add or remove a tag")
ONLY_TO_MOVE = _("is only for move")
ONLY_TO_TAG = _("is only for tag and untag")
ONLY_TO_SUBMIT = _("is only for submit")
LISTED_TWICE = _("entry %(number)d lists page %(id)d again: list each page once")
JOB_MISSING = _("Job %(id)s does not exist.")
# The most results one answer gives; `offset` asks for the next ones.
RESULTS_PER_ANSWER = 1_000


def start_job(
    *,
    actor: User,
    locale: str,
    action: str,
    page_ids: list[int],
    fields_sent: set[str],
    parent_page_id: int | None = None,
    tag: str | None = None,
    note: str = "",
    base_url: str = "",
) -> BulkJob:
    """Check the request as a whole and store the job with its task (run after the commit).

    Refused whole (422, nothing stored): an unknown action (the schema), a page listed twice,
    `parent_page_id` left out of a move or naming no page, `tag` left out of tag or untag or
    breaking a tag's rules, or any of them sent with an action that takes none. Whether the
    actor may change each page, and whether each is there, is checked when its turn comes."""
    get_locale(locale)
    if action not in ACTIONS:  # the schema allows only these: a caller in Python may not
        raise ValidationFailed([("action", DOES_NOT_EXIST)])
    errors = _duplicates(page_ids)
    params: dict[str, Any] = {}
    if action == "move":
        if "parent_page_id" not in fields_sent:
            errors.append(("parent_page_id", NEEDED_TO_MOVE))
        elif parent_page_id is not None and not Page.objects.filter(pk=parent_page_id).exists():
            errors.append(("parent_page_id", DOES_NOT_EXIST))
        params["parent_page_id"] = parent_page_id
    elif parent_page_id is not None:
        errors.append(("parent_page_id", ONLY_TO_MOVE))
    if action in ("tag", "untag"):
        if tag is None:
            errors.append(("tag", NEEDED_TO_TAG))
        else:
            try:
                params["tag"] = cleaned_tag(tag)
            except ValidationFailed as refused:
                errors.extend(refused.errors)
    elif tag is not None:
        errors.append(("tag", ONLY_TO_TAG))
    if action == "submit":
        params.update(message=note, base_url=base_url)
    elif note:
        errors.append(("message", ONLY_TO_SUBMIT))
    if errors:
        raise ValidationFailed(errors)
    with transaction.atomic():  # the job, its log entry and its task, or none of them
        job = BulkJob.objects.create(
            user=actor, locale=locale, action=action, params=params, page_ids=page_ids, total=len(page_ids),
            created_at=timezone.now(),
        )  # fmt: skip
        details = {"job": job.pk, "action": action, "locale": locale, "pages": len(page_ids)}
        details.update({name: value for name, value in params.items() if name in ("parent_page_id", "tag")})
        audit.record(actor, "bulk_job", "bulk_job", job.pk, details)
        tasks.run_bulk_job.enqueue(job.pk)
    return job


def _duplicates(page_ids: list[int]) -> list[tuple[str, Any]]:
    seen: set[int] = set()
    for number, page_id in enumerate(page_ids, 1):
        if page_id in seen:
            return [("page_ids", message(LISTED_TWICE, number=number, id=page_id))]
        seen.add(page_id)
    return []


def job_record(*, reader: User, job_id: int, offset: int = 0) -> dict[str, Any]:
    """The job as its answer gives it, with at most RESULTS_PER_ANSWER results from `offset`.
    Only its creator and superusers see it; to anyone else it does not exist (404)."""
    job = BulkJob.objects.filter(pk=job_id).defer("page_ids").first()
    if job is None or (job.user_id != reader.pk and not reader.is_superuser):
        raise NotFound(message(JOB_MISSING, id=job_id))
    results = BulkResult.objects.filter(job=job, position__gte=offset).order_by("position")
    return {
        "id": job.pk,
        "action": job.action,
        "locale": job.locale,
        "state": job.state,
        "total": job.total,
        "done": job.done,
        "refused": job.refused,
        "failed": job.failed,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "offset": offset,
        "results": [
            {"page_id": page_id, "outcome": outcome, "message": worded_reason(reason)}
            for page_id, outcome, reason in results.values_list("page_id", "outcome", "reason")[:RESULTS_PER_ANSWER]
        ],
    }
