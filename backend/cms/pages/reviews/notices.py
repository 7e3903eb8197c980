"""Who is told of a review's transitions (issue 32, item 4): filled in by the notifications."""

from cms.pages.models import PageReview


def waiting(review: PageReview) -> None:
    """A change waits: the reviewers who may decide it are told."""


def decided(review: PageReview) -> None:
    """A change was approved or sent back: its author is told."""


def withdrawn(review: PageReview) -> None:
    """A change was withdrawn: the reviewers who may decide it are told."""
