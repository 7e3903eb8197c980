"""The names the log's readers show for what its entries mention: pages, images and files, in the
reader's content locale (issue 18, item 6: "About us", never "page 25").

The audit app depends on core alone, so it can't look names up itself: the HTTP layers that
read the log (a page's history here, the whole log in cms.admin_ui) pass it this namer, which
asks the apps that own the names. It lives in pages because pages may call media (apps depend one
way) and both readers may call pages.
"""

from collections import defaultdict
from collections.abc import Iterable

from cms.audit.log import Mentions, Namer, Names
from cms.core.locales import in_locale
from cms.media.selectors import attachment_names, image_names
from cms.pages.models import PageLocalization


def page_names(page_ids: Iterable[int], locale: str) -> dict[int, str]:
    """Each page's name in `locale`, falling back as the tree does (the default locale's, else
    any); a page named in no locale is left out. Deleted pages (status 4) keep their names."""
    texts: dict[int, dict[str, str]] = defaultdict(dict)
    rows = PageLocalization.objects.filter(page_id__in=set(page_ids)).exclude(name="")
    for page_id, code, name in rows.values_list("page_id", "locale", "name"):
        texts[page_id][code] = name
    return {page_id: name for page_id, names in texts.items() if (name := in_locale(names, locale))}


def subject_names(locale: str) -> Namer:
    """A namer (cms.audit.log) for readers of `locale`."""

    def names(wanted: Mentions) -> Names:
        found: Names = {}
        if wanted.get("page"):
            found["page"] = page_names(wanted["page"], locale)
        if wanted.get("image"):
            found["image"] = image_names(wanted["image"])
        if wanted.get("attachment"):
            found["attachment"] = attachment_names(wanted["attachment"], locale)
        return found

    return names
