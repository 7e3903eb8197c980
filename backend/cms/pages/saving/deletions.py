"""The record a delete keeps (cms.pages.models.PageDeletion): a step of the write that deletes
or restores a page (cms.pages.saving.services, cms.pages.saving.trash)."""

from django.utils import timezone

from cms.core.types import User
from cms.pages.models import Page, PageDeletion
from cms.pages.trash import sql


def deleted_with(page_id: int) -> list[tuple[int, int]]:
    """`(id, depth)` of the page and the pages a delete of it takes with it (sql.deleted_with)."""
    return sql.read_deleted_with(page_id)


def record_deletion(page: Page, actor: User | None, *, status_before: int) -> None:
    """Keep who deleted the page, when, the status it had and how many pages went with it (a step
    of the delete's write, cms.pages.saving.services)."""
    below = len(deleted_with(page.pk)) - 1
    PageDeletion.objects.update_or_create(
        page=page,
        defaults={"deleted_at": timezone.now(), "user": actor, "status_before": status_before, "descendants": below},
    )


def forget_deletion(page: Page) -> None:
    """The page is shown again (restored by a save or by `page_undelete`)."""
    PageDeletion.objects.filter(page=page).delete()
