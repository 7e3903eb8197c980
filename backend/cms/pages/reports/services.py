"""The two reports (issue 31, item 7), each one bounded read whatever the site holds.

Templates: how many pages (not deleted) use each template of the registry, those no page uses
among them, and templates pages still name that the registry no longer has; with `template`,
a page of the pages using it. External content: the rows of the index the page save keeps
(cms.pages.reports.index), optionally of one host family, in page, locale and block order.

Every user of the back office sees every page in the tree (spec §6: rights say what one may
change, not what one may see), so every page that is not deleted is reported; a user who may not
use the back office never gets here (the API's session auth answers 401/403).
"""

from typing import Any

from django.db.models import Count

from cms.core.locales import get_locale, locale_codes
from cms.pages.models import ExternalReference, Page, PageLocalization, Status
from cms.pages.reports.parsing import filter_family
from cms.pages.templates_registry import registry

PER_PAGE = 50
MAX_PAGE = 1_000  # times 50: the deepest page reads 50,000 index entries at most
# Counted up to this many; past it the answer says "more than" (the count stays one bounded read).
MAX_COUNT = 10_000


def templates_report(locale: str, language: str | None, template: str | None = None, page: int = 1) -> dict[str, Any]:
    """{"templates": [{template_name, name, known, pages}], "pages": {items, total} | None}."""
    get_locale(locale)  # an unknown one answers 404
    counts = dict(
        Page.objects.exclude(status=Status.DELETED)
        .order_by()
        .values_list("template")
        .annotate(n=Count("id"))
        .values_list("template", "n")
    )
    templates = [
        {"template_name": t.template_name, "name": t.as_dict(language)["name"], "known": True,
         "pages": counts.get(t.template_name, 0)}
        for t in registry().templates
    ]  # fmt: skip
    known = {t["template_name"] for t in templates}
    templates += [
        {"template_name": name, "name": name, "known": False, "pages": n}
        for name, n in sorted(counts.items())
        if name not in known
    ]
    pages = None
    if template is not None:
        start = (page - 1) * PER_PAGE
        rows = list(
            Page.objects.filter(template=template)
            .exclude(status=Status.DELETED)
            .order_by("id")
            .values_list("id", "status")[start : start + PER_PAGE]
        )
        names = page_names([page_id for page_id, _ in rows], locale)
        items = [{"page_id": page_id, "status": status, **names[page_id]} for page_id, status in rows]
        pages = {"items": items, "total": counts.get(template, 0)}
    return {"templates": templates, "pages": pages}


def external_content(locale: str, language: str | None, host: str = "", page: int = 1) -> dict[str, Any]:
    """{"items": [...], "total", "more", "family"}: the external content of the pages (not
    deleted), of one host family when `host` is given; `total` counted up to MAX_COUNT (`more`:
    there are more than that)."""
    get_locale(locale)
    family = filter_family(host) if host.strip() else ""
    rows = ExternalReference.objects.exclude(page__status=Status.DELETED)
    if family:
        rows = rows.filter(family=family)
    total = rows.order_by()[: MAX_COUNT + 1].count()
    start = (page - 1) * PER_PAGE
    fields = ("page_id", "locale", "block", "kind", "host", "url")
    found = list(rows.order_by("page_id", "locale", "block", "id").values(*fields)[start : start + PER_PAGE])
    names = page_names(sorted({row["page_id"] for row in found}), locale)
    blocks = registry().blocks
    items = []
    for row in found:
        block = blocks.get(row["block"])
        title = block.as_dict(language)["title"] if block else row["block"]
        items.append({**row, **names[row["page_id"]], "block_title": title})
    return {"items": items, "total": min(total, MAX_COUNT), "more": total > MAX_COUNT, "family": family}


def page_names(ids: list[int], locale: str) -> dict[int, dict[str, str]]:
    """Each page's name in `locale`, else in the default locale, else in any; with its locale."""
    names: dict[int, dict[str, str]] = {page_id: {} for page_id in ids}
    localizations = PageLocalization.objects.filter(page_id__in=ids).exclude(name="")
    for page_id, code, name in localizations.values_list("page_id", "locale", "name"):
        names[page_id][code] = name
    chosen = {}
    for page_id, by_locale in names.items():
        code = next((c for c in [locale, *locale_codes(), *sorted(by_locale)] if by_locale.get(c)), "")
        chosen[page_id] = {"name": by_locale.get(code, ""), "name_locale": code}
    return chosen
