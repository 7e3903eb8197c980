"""A change under review that covers several locales (issue 32, item 5).

Besides the fields of the address's locale (`payload`, `base`), a change may carry, for each
other locale, the fields a locale has of its own: its name, path segment and localized blocks.
The page's shared fields (status, dates, shared blocks, tags, links, parent) are sent once, in
`page`: sent again in another locale they would be two values for one field. Each locale's
fields are kept as the address's are (those that change the page, with what they held), tried
and applied together as one save, and compared with the page as it is when approved, locale by
locale, before anything is written (409: nothing applied in any locale).
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.locales import locale_codes
from cms.core.messages import Errors
from cms.pages.models import Page, PageLocalization, PageReview
from cms.pages.saving.payload import PageChanges
from cms.pages.scheduling.fingerprints import fingerprints
from cms.pages.scheduling.kept import changed_fields
from cms.pages.schemas import PageFieldsIn
from cms.pages.templates_registry import NAME_BLOCK, registry

UNKNOWN_LOCALE = _("is not a locale of this site")
ADDRESS_LOCALE = _("is the locale of the address: send its fields in page")
SHARED_FIELD = _("is shared by every locale: send it in page")

Parsed = dict[str, tuple[dict[str, Any], PageChanges]]


def parsed(locale: str, other_locales: Mapping[str, PageFieldsIn]) -> Parsed:
    """Each other locale's payload as sent and parsed; 422 naming `locales.{locale}[.{field}]`
    for an unknown locale, the address's own, or a field that breaks a rule needing no database."""
    errors: Errors = []
    found: Parsed = {}
    codes = locale_codes()
    for code, fields in other_locales.items():
        if code not in codes:
            errors.append((f"locales.{code}", UNKNOWN_LOCALE))
            continue
        if code == locale:
            errors.append((f"locales.{code}", ADDRESS_LOCALE))
            continue
        try:
            found[code] = (
                fields.model_dump(mode="json", by_alias=True, exclude_unset=True),
                PageChanges.from_input(fields),
            )
        except ValidationFailed as refused:
            errors += [(f"locales.{code}.{name}", text) for name, text in refused.errors]
    if errors:
        raise ValidationFailed(errors)
    return found


def kept(page: Page, found: Parsed) -> dict[str, dict[str, Any]]:
    """{locale: {"payload": the fields that change the page there, "base": what they hold}},
    for the locales where something changes; 422 for a shared field that would change."""
    stored = {row.locale: row for row in PageLocalization.objects.filter(page=page, locale__in=list(found))}
    errors: Errors = []
    entries: dict[str, dict[str, Any]] = {}
    for code, (payload, changes) in found.items():
        localization = stored.get(code) or PageLocalization(page=page, locale=code)
        changed = changed_fields(page, localization, payload, changes)
        errors += [(f"locales.{code}.{name}", SHARED_FIELD) for name in changed if not own_to_a_locale(name)]
        if changed:
            entries[code] = {"payload": changed, "base": fingerprints(page, localization, list(changed))}
    if errors:
        raise ValidationFailed(errors)
    return entries


def own_to_a_locale(name: str) -> bool:
    """Whether a payload field is one a locale has of its own (name, segment, localized block)."""
    if name in (NAME_BLOCK, "path_segment"):
        return True
    block = registry().blocks.get(name)
    return block is not None and block.localized


def changes_of(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, PageChanges]:
    """The other locales' kept fields as a save's changes."""
    return {code: PageChanges.from_payload(entry["payload"]) for code, entry in entries.items()}


def base_of(review: PageReview, locale: str) -> dict[str, Any]:
    """What the fields the change sets in `locale` held when it was submitted."""
    if locale == review.locale:
        return dict(review.base)
    return dict(review.other_locales.get(locale, {}).get("base", {}))


def named(review: PageReview, locale: str, fields: list[str]) -> list[str]:
    """Fields as a 409 names them: plain in a change of one locale (as before changes had
    several), `locales.{locale}.{field}` in a change of several (as a 422 names them)."""
    return fields if not review.other_locales else [f"locales.{locale}.{name}" for name in fields]


def named_as_sent(refused: ValidationFailed, locale: str, sent_in_page: bool) -> ValidationFailed:
    """A save's refusal naming its fields where they were sent: the change's own locale's plain
    when they came in `page`, `locales.{locale}.{field}` when they came in `locales`."""
    if sent_in_page:
        return refused
    return ValidationFailed(
        [(name if name.startswith("locales.") else f"locales.{locale}.{name}", text) for name, text in refused.errors]
    )
