"""The data each admin screen embeds (views.py), as schemas for the OpenAPI document.

The views build these as plain dicts (the tree's pages serialised once, without pydantic, so a
large site stays fast); the schemas describe them, so the frontend's types are generated like
the API's, and a test validates every screen's embedded JSON against its schema.
"""

from datetime import date, datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import BaseModel, Field

from cms.accounts.api import UserOut
from cms.accounts.invitations.api import InvitationOut
from cms.accounts.permissions import PagePermission
from cms.audit.schemas import Action as AuditAction
from cms.audit.schemas import AuditLogOut
from cms.core.schemas import LocaleMap
from cms.media.schemas import AttachmentLibraryOut, ImageLibraryOut
from cms.pages.dated.schemas import NewsArchiveOut
from cms.pages.grants.api import GrantOut
from cms.pages.reports.schemas import ExternalContentOut, TemplatesReportOut
from cms.pages.reviews.api import QueuedReviewOut
from cms.pages.schemas import STATUS_DESCRIPTION, PageOut, PageStatus, TemplateOut
from cms.pages.translations.schemas import TranslationReportOut
from cms.pages.trash.schemas import DeletedPagesOut

# The interface languages shipped (settings.LANGUAGES, frontend/src/i18n/).
InterfaceLanguage = Literal["en", "nb", "ar"]


class LocaleOut(Schema):
    code: str
    name: str = Field(description="The locale's name in its own language")
    dir: Literal["ltr", "rtl"]


class ScreenUserOut(Schema):
    id: int
    username: str
    is_superuser: bool = Field(description="An administrator: the header links the people screens")


class ScreenUrlsOut(Schema):
    logout: str = Field(description="Log out with a POST carrying the CSRF token")
    pages: str = Field(description="The page tree in the screen's locale")


class ScreenOut(Schema):
    """What every admin screen embeds."""

    screen: Literal[
        "pageTree",
        "pageEditor",
        "imageLibrary",
        "fileLibrary",
        "users",
        "grants",
        "auditLog",
        "translations",
        "reports",
        "deleted_pages",
        "reviews",
        "newsArchive",
        "calendar",
    ]
    interface_language: InterfaceLanguage = Field(
        description="The user's language for the admin's own texts and direction (the chrome); never the content's"
    )
    locale: str = Field(description="The content locale in the address")
    locales: list[LocaleOut] = Field(description="The website's locales, the default first")
    csrf_token: str
    user: ScreenUserOut
    urls: ScreenUrlsOut


# The default of a field the data leaves out rather than writing null: never validated nor
# written out (the screens' JSON is built as dicts), so it need not be of the field's type.
ABSENT: Any = None


def _absent_when_current(schema: dict[str, Any]) -> None:
    """Leave the default out of the document: the field is absent, never null, when the page's
    translation is current (openapi-typescript would make a field with a default required)."""
    schema.pop("default", None)


class TreeScreenPageOut(Schema):
    """A page as the tree screen embeds it: the fields of TreePageOut the tree reads.

    The field order is the order of the embedded JSON (views.TREE_SCREEN_FIELDS, then
    `translation` when present).
    """

    id: int
    parent_page_id: int | None
    position: int
    status: PageStatus = Field(description=STATUS_DESCRIPTION)
    published_at: datetime | None
    pinned: bool
    news_page: bool
    template: str
    path_segment: str
    blocks: dict[str, LocaleMap] = Field(description="Only the name block, by locale")
    urls: LocaleMap
    permissions: list[PagePermission]
    lock_version: int
    child_count: int = Field(description="How many children the tree shows under the page (deleted ones not counted)")
    # The tree marks its rows in its own locale only: the one state it shows, of the page
    # answers' `translations`, and only when there is something to mark (~25 bytes a row).
    translation: Literal["missing", "outdated"] = Field(
        default=ABSENT,
        json_schema_extra=_absent_when_current,
        description=(
            "The page's translation state in the screen's locale (its `translations` entry), present only"
            " when it is missing or outdated: absent when current and in the default locale"
        ),
    )


class PageTreeScreenOut(ScreenOut):
    """The page tree screen: the top level and the children of the top-level pages shown open."""

    screen: Literal["pageTree"]
    pages: list[TreeScreenPageOut] = Field(description="Deleted pages left out")
    permissions: list[PagePermission] = Field(description="'create' when the user may add top-level pages")


class AuthorOut(Schema):
    id: int
    name: str


class PageEditorScreenOut(ScreenOut):
    """The page editor screen, for a saved page or a new one (`page.id` null)."""

    screen: Literal["pageEditor"]
    page: PageOut
    templates: list[TemplateOut]
    authors: list[AuthorOut] = Field(description="The users a page can name as its author")
    parent_page_id: int | None = Field(
        description="The page's parent, or the one a new page is created under (?parent=); null: the top level"
    )


class ImageLibraryFiltersOut(Schema):
    q: str = Field(description="The search text (filename, captions, alternative texts)")
    missing_alt: str | None = Field(description="Only images without alternative text in this locale")
    page: int = Field(description="1-based")


class ImageLibraryScreenOut(ScreenOut):
    """The image library screen: the first page of results for the filters in the address."""

    screen: Literal["imageLibrary"]
    library: ImageLibraryOut = Field(description="The same shape as GET /admin/images.json")
    filters: ImageLibraryFiltersOut


# The file library screen (issue 11): cms.admin_ui.attachment_views.
class FileLibraryFiltersOut(Schema):
    q: str = Field(description="The search text (filename, names in any locale)")
    page: int = Field(description="1-based")


class FileLibraryScreenOut(ScreenOut):
    """The file library screen: the first page of results for the search in the address."""

    screen: Literal["fileLibrary"]
    library: AttachmentLibraryOut = Field(description="The same shape as GET /admin/attachments.json")
    filters: FileLibraryFiltersOut


# The people screens (administrators only): cms.admin_ui.people_views.
class UsersScreenOut(ScreenOut):
    """The users screen: every back-office user, as GET /admin/users.json answers them, the
    invitations, and the tree's top level for the invitation's grants (read on like the grants
    screen's)."""

    screen: Literal["users"]
    users: list[UserOut]
    invitations: list[InvitationOut] = Field(description="As GET /admin/invitations.json answers them")
    pages: list[TreeScreenPageOut] = Field(description="The top-level pages, deleted ones left out")


class GrantsScreenOut(ScreenOut):
    """The grants screen: the users, one of them chosen (?user=) with their grants, and the top
    level of the tree (the rest is read a node at a time, as the page tree does)."""

    screen: Literal["grants"]
    users: list[UserOut]
    user_id: int | None = Field(description="The user whose grants are shown; null: none chosen yet")
    grants: list[GrantOut] = Field(description="The chosen user's grants, as GET /admin/grants.json answers")
    pages: list[TreeScreenPageOut] = Field(description="The top-level pages, deleted ones left out")


class AuditLogFiltersOut(Schema):
    user_id: int | None
    action: AuditAction | None
    since: date | None = Field(description="From the start of this day (the server's time zone)")
    until: date | None = Field(description="To the end of this day (the server's time zone)")
    page: int = Field(description="1-based")


class AuditLogScreenOut(ScreenOut):
    """The site-wide log: the first page of entries for the filters in the address."""

    screen: Literal["auditLog"]
    users: list[UserOut] = Field(description="Every back-office user, for the user filter")
    log: AuditLogOut = Field(description="The same shape as GET /admin/audit.json")
    filters: AuditLogFiltersOut
    templates: list[TemplateOut] = Field(
        description="As GET /admin/{locale}/templates.json answers them, in the interface language: entries name"
        " changed blocks by their titles"
    )


# The translation report (issue 22): cms.admin_ui.translation_views.
class TranslationsFiltersOut(Schema):
    state: Literal["outdated", "missing"] = Field(description="Which pages the report lists")
    page: int = Field(description="1-based")


class TranslationsScreenOut(ScreenOut):
    """The translation report of the locale in the address: the first page for the filters."""

    screen: Literal["translations"]
    report: TranslationReportOut = Field(description="The same shape as GET /admin/{locale}/translations.json")
    filters: TranslationsFiltersOut
    templates: list[TemplateOut] = Field(
        description="As GET /admin/{locale}/templates.json answers them, in the interface language: the report"
        " names the outdated blocks by their titles"
    )


# The reports screen (issue 31, item 7): cms.admin_ui.report_views.
class ReportsFiltersOut(Schema):
    tab: Literal["templates", "external"]
    template: str = Field(description="The template whose pages are listed ('' for none)")
    host: str = Field(description="The host filter of the external content ('' for all)")
    page: int = Field(description="1-based, of the list the tab shows")


class ReportsScreenOut(ScreenOut):
    """The reports screen: the templates report, and the external content on its tab."""

    screen: Literal["reports"]
    filters: ReportsFiltersOut
    templates_report: TemplatesReportOut = Field(description="As GET /admin/{locale}/reports/templates.json answers")
    external_content: ExternalContentOut | None = Field(
        description="On the external content tab: as GET /admin/{locale}/reports/external_content.json answers"
    )


# The deleted pages (issue 31, item 1): cms.admin_ui.deleted_pages_views.
class DeletedPagesFiltersOut(Schema):
    q: str = Field(description="The name searched for; empty: every deleted page")
    page: int = Field(description="1-based")


class DeletedPagesScreenOut(ScreenOut):
    """The Deleted pages screen of the locale in the address: the first page for the filters."""

    screen: Literal["deleted_pages"]
    deleted: DeletedPagesOut = Field(description="The same shape as GET /admin/{locale}/deleted_pages.json")
    filters: DeletedPagesFiltersOut


class ReviewsScreenOut(ScreenOut):
    """Waiting for review: the first page of the changes the user may decide."""

    screen: Literal["reviews"]
    reviews: list[QueuedReviewOut] = Field(description="As GET /admin/reviews.json answers its first page")
    total: int = Field(description="How many wait for the user in all")
    templates: list[TemplateOut] = Field(
        description="As GET /admin/{locale}/templates.json answers them, in the interface language: the"
        " comparison and the comments name blocks by their titles"
    )


# The news archive and the calendar (issue 31): cms.admin_ui.dated_views.
class NewsArchiveScreenOut(ScreenOut):
    """The news archive of a year or month: the page of articles the address asks for."""

    screen: Literal["newsArchive"]
    archive: NewsArchiveOut = Field(description="The same shape as GET /admin/{locale}/news_archive.json")


class CalendarScreenOut(ScreenOut):
    """The calendar of dated pages: the screen reads its month (calendar.json) in the browser's time zone."""

    screen: Literal["calendar"]
    month: str = Field(description="YYYY-MM: the month the address asks for (?month=), else the current one (UTC)")


# The screens' schemas the OpenAPI document lists (with the schemas they use).
SCREEN_SCHEMAS: tuple[type[BaseModel], ...] = (
    ScreenOut,
    PageTreeScreenOut,
    PageEditorScreenOut,
    ImageLibraryScreenOut,
    UsersScreenOut,
    GrantsScreenOut,
    AuditLogScreenOut,
    FileLibraryScreenOut,
    TranslationsScreenOut,
    ReportsScreenOut,
    DeletedPagesScreenOut,
    ReviewsScreenOut,
    NewsArchiveScreenOut,
    CalendarScreenOut,
)
