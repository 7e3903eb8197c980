"""Django's own static files under hashed names, compressed, kept for ever (issue 18 item 11).

`collectstatic` (run by `make run` and the end-to-end script) writes every static file of the
apps (the login and account pages' CSS in admin_ui/, the website's in site/, the API docs' in
ninja/) a second time as `name.{content hash}.ext`, with Brotli and gzip copies beside it
(WhiteNoise's CompressedManifestStaticFilesStorage), and `{% static %}` names those: WhiteNoise
answers them with `Cache-Control: …, immutable` (settings.WHITENOISE_IMMUTABLE_FILE_TEST).

The admin's Vite bundle (under admin/) is left as its build wrote it: Vite already names its
files by their content and writes their Brotli and gzip copies, so it is copied, not hashed again.

Until `collectstatic` has written a manifest for STATIC_ROOT (a test run, a fresh VAR_DIR) the
names stay as they are, served from the apps' folders by WhiteNoise's finders as before, so
nothing needs a collected copy to run.
"""

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage

# Static paths already named by their content: the admin's Vite build (settings.STATICFILES_DIRS).
PREHASHED_PREFIXES = ("admin/",)


class HashedStaticFiles(CompressedManifestStaticFilesStorage):
    def post_process(self, paths: dict[str, Any], dry_run: bool = False, **options: Any) -> Any:
        own = {path: found for path, found in paths.items() if not path.startswith(PREHASHED_PREFIXES)}
        yield from super().post_process(own, dry_run, **options)

    def stored_name(self, name: str) -> str:
        if not self.hashed_files or name.startswith(PREHASHED_PREFIXES):  # none collected yet
            return name
        return str(super().stored_name(name))
