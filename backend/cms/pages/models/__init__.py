# Defined in its own package (cms/pages/linkcheck/), imported here so the app registers it.
from cms.pages.linkcheck.models import LinkCheck
from cms.pages.models.bulk_jobs import BulkJob, BulkOutcome, BulkResult, BulkState
from cms.pages.models.deletions import PageDeletion
from cms.pages.models.external_refs import ExternalReference
from cms.pages.models.grants import PageGrant
from cms.pages.models.links import PageFile, PageImage
from cms.pages.models.localization import PageLocalization
from cms.pages.models.media_uses import MediaUse
from cms.pages.models.page import Page, Status
from cms.pages.models.page_links import PageLink
from cms.pages.models.redirects import PageRedirect
from cms.pages.models.reviews import (
    NoticeMailOff,
    PageReview,
    ReviewDecision,
    ReviewNotice,
    ReviewNoticeKind,
    ReviewState,
)
from cms.pages.models.revisions import PageRevision, RevisionText
from cms.pages.models.scheduled import ScheduledChange, ScheduledState
from cms.pages.models.tags import Tag
from cms.pages.models.working_copies import PagePresence, WorkingCopy

__all__ = [
    "BulkJob",
    "BulkOutcome",
    "BulkResult",
    "BulkState",
    "ExternalReference",
    "LinkCheck",
    "MediaUse",
    "NoticeMailOff",
    "Page",
    "PageDeletion",
    "PageFile",
    "PageGrant",
    "PageImage",
    "PageLink",
    "PageLocalization",
    "PagePresence",
    "PageRedirect",
    "PageReview",
    "PageRevision",
    "ReviewDecision",
    "ReviewNotice",
    "ReviewNoticeKind",
    "ReviewState",
    "RevisionText",
    "ScheduledChange",
    "ScheduledState",
    "Status",
    "Tag",
    "WorkingCopy",
]  # fmt: skip
