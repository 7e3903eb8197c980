"""Reviews under real concurrency (PostgreSQL): two approvals of one change, one wins; an
approval against a save of the same field, never a lost update; two submissions of one author
at once, one waiting."""

from functools import partial
from typing import Any

import pytest
from django.db import connection

from cms.core.exceptions import Conflict, DomainError
from cms.pages.models import Page, PageGrant, PageReview, PageRevision, ReviewState
from cms.pages.reviews import services as reviews
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update
from cms.pages.schemas import PageFieldsIn
from cms.pages.tests.concurrency import at_once

from .conftest import staff

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def people(admin_user: Any) -> dict[str, Any]:
    top = page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Top", "status": 2}))
    live = page_create(
        actor=admin_user, locale="en",
        changes=PageChanges.from_payload({"name": "Live", "status": 2, "parent_page_id": top.pk, "body": "Old"}),
    )  # fmt: skip
    author, first, second = staff("author"), staff("first"), staff("second")
    PageGrant.objects.create(user=author, page=top, submit=True)
    PageGrant.objects.create(user=first, page=top, edit=True)
    PageGrant.objects.create(user=second, page=top, edit=True)
    return {"page": live, "author": author, "first": first, "second": second, "admin": admin_user}


def submitted(people: dict[str, Any], **fields: Any) -> PageReview:
    page = Page.objects.get(pk=people["page"].pk)
    return reviews.submit(
        actor=people["author"], page_id=page.pk, locale="en", fields=PageFieldsIn.model_validate(fields),
        lock_version=page.lock_version, note="",
    )  # fmt: skip


def body_of(page: Page) -> str:
    page = Page.objects.get(pk=page.pk)
    return (page.blocks or {}).get("body") or (page.localizations.get(locale="en").blocks or {}).get("body", "")


def test_two_reviewers_approving_one_change_at_once_one_wins(people):
    review = submitted(people, body="Approved")
    revisions = PageRevision.objects.filter(page=people["page"]).count()

    def approve(who: str) -> None:
        reviews.approve(actor=people[who], page_id=people["page"].pk, locale="en", review_id=review.pk, comment="")

    outcomes = at_once((partial(approve, "first"), Conflict), (partial(approve, "second"), Conflict))
    assert sorted(outcomes) == ["done", "refused"], outcomes
    assert PageRevision.objects.filter(page=people["page"]).count() == revisions + 1
    assert body_of(people["page"]) == "Approved"
    assert PageReview.objects.get().state == ReviewState.APPROVED


def test_an_approval_racing_a_save_of_the_same_field_never_loses_either(people):
    for round_number in range(3):
        review = submitted(people, body=f"Reviewed {round_number}")
        newer = f"Saved {round_number}"

        def approve(review_id: int = review.pk) -> None:
            reviews.approve(
                actor=people["first"], page_id=people["page"].pk, locale="en", review_id=review_id, comment=""
            )

        def save(text: str = newer) -> None:
            page_update(
                actor=people["admin"], page_id=people["page"].pk, locale="en",
                changes=PageChanges.from_payload({"body": text}),
            )  # fmt: skip

        outcomes = at_once((approve, Conflict), (save, DomainError))
        assert outcomes[1] == "done", outcomes
        state = PageReview.objects.get(pk=review.pk).state
        if outcomes[0] == "done":  # the approval first, the save on top
            assert state == ReviewState.APPROVED
        else:  # the save first: the approval saw newer work, applied nothing
            assert outcomes[0] == "refused" and state == ReviewState.WAITING
            PageReview.objects.filter(pk=review.pk).update(state=ReviewState.WITHDRAWN)
        assert body_of(people["page"]) == newer


def test_two_submissions_of_one_author_at_once_leave_one_waiting(people):
    outcomes = at_once(
        (partial(submitted, people, name="One"), DomainError), (partial(submitted, people, name="Two"), DomainError)
    )
    assert outcomes.count("done") >= 1, outcomes
    assert all(outcome in ("done", "refused") for outcome in outcomes), outcomes
    assert PageReview.objects.filter(state=ReviewState.WAITING).count() == 1


def test_a_grant_revoked_while_a_change_waits(people):
    review = submitted(people, body="Waiting")
    PageGrant.objects.filter(user=people["first"]).delete()
    with pytest.raises(DomainError):
        reviews.approve(actor=people["first"], page_id=people["page"].pk, locale="en", review_id=review.pk, comment="")
    # The author's `submit` taken away: the approval by a reviewer with `edit` is refused too
    # (the change goes live as the author's save; they may no longer write the page at all).
    PageGrant.objects.filter(user=people["author"]).delete()
    with pytest.raises(DomainError):
        reviews.approve(actor=people["second"], page_id=people["page"].pk, locale="en", review_id=review.pk, comment="")
    assert body_of(people["page"]) == "Old"
    assert PageReview.objects.get().state == ReviewState.WAITING


def nb_body_of(page: Page) -> str:
    return (Page.objects.get(pk=page.pk).localizations.get(locale="nb").blocks or {}).get("body", "")


def test_a_two_locale_approval_racing_a_save_in_one_locale_applies_all_or_nothing(people):
    """A change in en and nb approved while a third party saves its nb field: either the whole
    change goes live then the save on top, or the approval sees the newer nb text and applies
    nothing in either locale (409)."""
    page = people["page"]
    page_update(
        actor=people["admin"], page_id=page.pk, locale="nb",
        changes=PageChanges.from_payload({"name": "Levende", "body": "Gammel"}),
    )  # fmt: skip
    for round_number in range(3):
        current = Page.objects.get(pk=page.pk)
        review = reviews.submit(
            actor=people["author"], page_id=page.pk, locale="en",
            fields=PageFieldsIn.model_validate({"body": f"Reviewed {round_number}"}),
            lock_version=current.lock_version, note="",
            other_locales={"nb": PageFieldsIn.model_validate({"body": f"Gjennomgått {round_number}"})},
        )  # fmt: skip
        newer = f"Lagret {round_number}"
        en_before = body_of(page)

        def approve(review_id: int = review.pk) -> None:
            reviews.approve(actor=people["first"], page_id=page.pk, locale="en", review_id=review_id, comment="")

        def save(text: str = newer) -> None:
            page_update(
                actor=people["admin"], page_id=page.pk, locale="nb", changes=PageChanges.from_payload({"body": text})
            )

        outcomes = at_once((approve, Conflict), (save, DomainError))
        assert outcomes[1] == "done", outcomes
        state = PageReview.objects.get(pk=review.pk).state
        if outcomes[0] == "done":  # the approval first (both locales), the save on top
            assert state == ReviewState.APPROVED
            assert body_of(page) == f"Reviewed {round_number}"
        else:  # the save first: nothing applied in either locale
            assert outcomes[0] == "refused" and state == ReviewState.WAITING
            assert body_of(page) == en_before
            PageReview.objects.filter(pk=review.pk).update(state=ReviewState.WITHDRAWN)
        assert nb_body_of(page) == newer
