"""Routes: the admin screens and login first, then the JSON API under /admin/."""

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path, re_path, register_converter

from cms.accounts import reset_views
from cms.accounts import views as account_views
from cms.accounts.invitations import views as invitation_views
from cms.admin_ui import (
    attachment_views,
    dated_views,
    deleted_pages_views,
    people_views,
    report_views,
    review_views,
    translation_views,
)
from cms.admin_ui import views as admin_views
from cms.api.api import api
from cms.media.attachments.downloads import attachment_file
from cms.media.storage.views import media_file, rendition
from cms.site import favicon as site_favicon
from cms.site import feeds as site_feeds
from cms.site import search as site_search
from cms.site import views as site_views


class LocaleConverter:
    regex = "[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class DatabaseIdConverter:
    """A row id: digits only, and few enough that any database's 64-bit key can hold it, so
    "abc", "-1" or a 30-digit number is an unknown address (404) rather than a failed query."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(LocaleConverter, "locale")
register_converter(DatabaseIdConverter, "dbid")

handler400 = admin_views.bad_request
handler404 = admin_views.not_found
# A database that went away answers 503 with Retry-After, in the API's error shape.
handler500 = "cms.core.unavailable.server_error"

# Every address of the back office, each under /admin/. Grouped under one pattern that tests the
# prefix (a lookahead: the routes inside keep their full addresses): a public page's address
# is tested against it once instead of against each of its ~35 routes before the site's, which
# cost a cached public answer some 15 % of its time (issue 29).
admin_patterns: list[URLPattern | URLResolver] = [
    # The login and its second step (cms.accounts.totp.views).
    path("", include("cms.accounts.totp.urls")),
    path("admin/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset: Django's views and tokens (cms.accounts.reset_views).
    path("admin/password_reset/", reset_views.ResetRequestView.as_view(), name="password_reset"),
    path("admin/password_reset/done/", reset_views.reset_done, name="password_reset_done"),
    path("admin/reset/<uidb64>/<token>/", reset_views.ResetConfirmView.as_view(), name="password_reset_confirm"),
    path("admin/reset/done/", reset_views.reset_complete, name="password_reset_complete"),
    # An invitation's link (cms.accounts.invitations): the invitee makes their account.
    path("admin/invitation/<str:token>/", invitation_views.invitation_page, name="invitation"),
    path("admin/", admin_views.home, name="admin_home"),
    path("admin/account/", account_views.account, name="account"),
    path("", include("cms.accounts.passkeys.urls")),
    path("", include("cms.accounts.user_sessions.urls")),
    path("admin/images", admin_views.image_library, name="image_library"),
    path("admin/attachments", attachment_views.file_library, name="file_library"),
    path("admin/users", people_views.users_screen, name="users_screen"),
    path("admin/grants", people_views.grants_screen, name="grants_screen"),
    path("admin/log", people_views.log_screen, name="log_screen"),
    path("admin/<locale:locale>/pages", admin_views.page_tree, name="page_tree"),
    path("admin/<locale:locale>/pages/new", admin_views.page_new, name="page_new"),
    path("admin/<locale:locale>/pages/news", dated_views.news_archive_now, name="news_archive_now"),
    path("admin/<locale:locale>/pages/news/<int:year>", dated_views.news_archive_screen, name="news_archive"),
    path(
        "admin/<locale:locale>/pages/news/<int:year>/<int:month>",
        dated_views.news_archive_screen,
        name="news_archive_month",
    ),
    path("admin/<locale:locale>/calendar", dated_views.calendar_screen, name="calendar"),
    path("admin/<locale:locale>/pages/<dbid:page_id>/edit", admin_views.page_edit, name="page_edit"),
    path("admin/<locale:locale>/pages/<dbid:page_id>", admin_views.page_by_id, name="page_by_id_admin"),
    path("admin/<locale:locale>/translations", translation_views.translations_screen, name="translations_screen"),
    path("admin/<locale:locale>/reports", report_views.reports_screen, name="reports_screen"),
    path("admin/<locale:locale>/deleted_pages", deleted_pages_views.deleted_pages_screen, name="deleted_pages_screen"),
    path("admin/<locale:locale>/reviews", review_views.reviews_screen, name="reviews_screen"),
    path("admin/", api.urls),
]

urlpatterns = [
    re_path(r"^(?=admin/)", include(admin_patterns)),
    path("<locale:locale>/pages/preview", site_views.preview, name="page_preview"),
    # Uploaded files from the file-system storage; behind a CDN or object storage in production.
    re_path(r"^media/(?P<path>.*)$", media_file, name="media_file"),
    # Signed renditions of images (cms.media.storage.rendition_addresses): public, like the originals.
    path("renditions/<dbid:image_id>/<str:key>", rendition, name="rendition"),
    # Attachments at their stable address (cms.media.records.attachment_url); the id picks the file.
    path("files/<dbid:attachment_id>/<str:filename>", attachment_file, name="attachment_file"),
    # The public website (cms.site.views), last: every address above wins over a page's.
    path("", site_views.root, name="site_root"),
    path("robots.txt", site_feeds.robots, name="robots"),
    path("sitemap.xml", site_feeds.sitemap, name="sitemap"),
    path("favicon.ico", site_favicon.favicon, name="favicon"),
    path("<locale:locale>/pages/<dbid:page_id>", site_views.page_by_id, name="page_by_id"),
    path("<locale:locale>/pages/<dbid:page_id>-<str:slug>", site_views.page_by_id, name="page_by_id_slug"),
    path("<locale:locale>/search", site_search.search, name="site_search"),
    re_path(r"^(?P<locale>[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)(?:/(?P<path>.*))?$", site_views.page, name="site_page"),
]
