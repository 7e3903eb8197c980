"""The image and file libraries: every image (attachment), newest first, searched and filtered,
a page at a time.

Search matches Image.search_text (filename, captions and alternative texts, case-folded when
saved) or Attachment.search_text (filename and names) with one LIKE, the same on SQLite and
PostgreSQL; "missing alternative text in a locale" reads the JSON column's key, which both
databases do natively.
"""

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import locale_codes
from cms.core.messages import Errors, message, too_long
from cms.media.models import Attachment, Image
from cms.media.records import ATTACHMENT_COLUMNS, COLUMNS, attachment_record_from_row, record_from_row
from cms.media.usage import pages_using

PER_PAGE = 48
MAX_PAGE = 100_000
MAX_QUERY_LENGTH = 200
LOCALES_MESSAGE = _("must be one of the locales: %(codes)s")
PAGE_MESSAGE = message(_("must be a number from 1 to %(last)d"), last=MAX_PAGE)


def image_library(*, q: str = "", missing_alt: str | None = None, page: int = 1) -> dict[str, Any]:
    """Return one page of the library: image records with the pages using them, and the total."""
    errors = _paging_errors(q, page)
    if missing_alt is not None and missing_alt not in locale_codes():
        errors.append(("missing_alt", message(LOCALES_MESSAGE, codes=", ".join(locale_codes()))))
    if errors:
        raise ValidationFailed(errors)
    images = Image.objects.all()
    if words := q.strip().casefold():
        images = images.filter(search_text__contains=words)
    if missing_alt:
        # Texts are stored stripped and blank ones dropped, but an empty one counts as missing too.
        images = images.filter(
            Q(**{f"alternative__{missing_alt}__isnull": True}) | Q(**{f"alternative__{missing_alt}": ""})
        )
    total = images.count()
    start = (page - 1) * PER_PAGE
    rows = (
        list(images.order_by("-created_at", "-id").values(*COLUMNS)[start : start + PER_PAGE]) if start < total else []
    )
    pages = pages_using(row["id"] for row in rows)
    records = [{**record_from_row(row), "pages": pages.get(row["id"], [])} for row in rows]
    return {"images": records, "page": page, "per_page": PER_PAGE, "total": total}


def attachment_library(*, q: str = "", page: int = 1) -> dict[str, Any]:
    """Return one page of the file library: attachment records with the pages using them, and the total."""
    if errors := _paging_errors(q, page):
        raise ValidationFailed(errors)
    attachments = Attachment.objects.all()
    if words := q.strip().casefold():
        attachments = attachments.filter(search_text__contains=words)
    total = attachments.count()
    start = (page - 1) * PER_PAGE
    rows = []
    if start < total:
        rows = list(attachments.order_by("-created_at", "-id").values(*ATTACHMENT_COLUMNS)[start : start + PER_PAGE])
    pages = pages_using((row["id"] for row in rows), kind="attachment")
    records = [{**attachment_record_from_row(row), "pages": pages.get(row["id"], [])} for row in rows]
    return {"attachments": records, "page": page, "per_page": PER_PAGE, "total": total}


def _paging_errors(q: str, page: int) -> Errors:
    errors: Errors = []
    if problem := unstorable_text_message(q):
        errors.append(("q", problem))
    elif len(q) > MAX_QUERY_LENGTH:
        errors.append(("q", too_long(MAX_QUERY_LENGTH)))
    if not 1 <= page <= MAX_PAGE:
        errors.append(("page", PAGE_MESSAGE))
    return errors
