"""A page's ordered image and file links, changed through `*_attributes` lists in a payload.

Each record either names an existing link by `id` (to reorder it, or to drop it with
`_destroy`) or adds a new link to an image or attachment.
"""

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cms.core.messages import Errors, message
from cms.media.models import Attachment, Image
from cms.pages import tree
from cms.pages.models import Page, PageFile, PageImage, PageLocalization, Status

LINK_KINDS: dict[str, tuple[Any, Any, str]] = {
    "page_images_attributes": (PageImage, Image, "image_id"),
    "page_files_attributes": (PageFile, Attachment, "attachment_id"),
}
# Per kind of link: (the media named does not exist, the same media linked twice). The English
# says "a image" and "a attachment", as it always has: clients may compare the texts.
MEDIA_MESSAGES = {
    "page_images_attributes": (
        _("names a image that does not exist"),
        _("links the same image to this page more than once"),
    ),
    "page_files_attributes": (
        _("names a attachment that does not exist"),
        _("links the same attachment to this page more than once"),
    ),
}
FOREIGN_LINK_MESSAGE = _("names a link that does not belong to this page")
REPEATED_LINK_MESSAGE = _("lists the same link more than once")


def link_errors(page: Page, changes: dict[str, Any]) -> Errors:
    """Return errors for link records that name unknown links or media, no media at all, or
    that would link one image or attachment to the page twice."""
    errors: Errors = []
    for key, (link_model, media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key) or []
        if not records:
            continue
        own = dict(link_model.objects.filter(page_id=page.pk).values_list("pk", media_field)) if page.pk else {}
        missing_media, repeated_media = MEDIA_MESSAGES[key]
        named_links = [r["id"] for r in records if r.get("id")]
        if any(link_id not in own for link_id in named_links):
            errors.append((key, FOREIGN_LINK_MESSAGE))
        if len(named_links) != len(set(named_links)):
            errors.append((key, REPEATED_LINK_MESSAGE))
        if any(not r.get("id") and not r.get(media_field) and not r.get("_destroy") for r in records):
            errors.append((key, message(_("a new link needs %(field)s"), field=media_field)))
        wanted = {r[media_field] for r in records if r.get(media_field) and not r.get("_destroy")}
        if wanted and media_model.objects.filter(pk__in=wanted).count() != len(wanted):
            errors.append((key, missing_media))
        linked = _linked_media(own, records, media_field)
        if len(linked) != len(set(linked)):
            errors.append((key, repeated_media))
        if link_model is PageImage and _primary_count(page, records) > 1:
            errors.append((key, PRIMARY_MESSAGE))
    return errors


PRIMARY_MESSAGE = _("marks more than one image as the primary image: a page has one primary image at most")


def _primary_count(page: Page, records: list[dict[str, Any]]) -> int:
    """Return how many of the page's image links are primary once the records are applied."""
    named = {r["id"] for r in records if r.get("id")}
    # A link the records leave out keeps its flag; a listed one takes the record's (apply_link_changes).
    kept = PageImage.objects.filter(page_id=page.pk, primary=True).exclude(pk__in=named).count() if page.pk else 0
    return kept + sum(1 for r in records if r.get("primary") and not r.get("_destroy"))


def pages_using_images(image_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Return the pages (not deleted) linking to each image, with their names per locale.

    Registered with the media app's image library (cms.media.usage) when the pages app starts.
    """
    return _pages_linking(PageImage, "image_id", image_ids)


def pages_using_attachments(attachment_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Return the pages (not deleted) linking to each attachment, with their names per locale.

    Registered with the media app's file library (cms.media.usage) when the pages app starts.
    """
    return _pages_linking(PageFile, "attachment_id", attachment_ids)


# Which files pages' shown texts offer (page ids -> attachment ids): what the public site expands
# of the embed codes ([attachment:ID], spec §9) is the site's to say — Markdown blocks only, not
# in code or inside a link (cms.site.markdown) — so it registers this when it starts. Without it,
# a file only a text names is not offered (a download then needs a login: the safe default).
TextOffers = Callable[[set[int]], set[int]]
_text_offers: list[TextOffers] = []


def register_text_offers(finder: TextOffers) -> None:
    _text_offers[:] = [finder]


def published_attachment_ids(attachment_ids: list[int]) -> set[int]:
    """Return the attachments that a page visitors can reach offers: their downloads need no login.

    Reachable means the page and every page above it published with a date that has come, or
    hidden (status 3: reachable by its address, only left out of menus), as the public site
    decides (a published page under a draft answers 404, and so do its files). A page offers the
    files it links and those its shown text embeds. Registered with cms.media.usage.
    """
    now = timezone.now()
    published = Page.objects.filter(Q(status=Status.PUBLISHED, published_at__lte=now) | Q(status=Status.HIDDEN))
    linking = set(
        PageFile.objects.filter(attachment_id__in=attachment_ids, page__in=published)
        .values_list("attachment_id", "page_id")
        .distinct()
    )
    reachable = tree.reachable_ids({page_id for _attachment_id, page_id in linking}, now)
    offered = {attachment_id for attachment_id, page_id in linking if page_id in reachable}
    for attachment_id in set(attachment_ids) - offered:
        # The pages whose stored text names the file at all, then what their shown text offers.
        code = f"[attachment:{int(attachment_id)}]"
        texts = PageLocalization.objects.annotate(text=Cast("blocks", TextField())).filter(
            page__in=published, text__contains=code
        )
        pages = published.annotate(text=Cast("blocks", TextField())).filter(text__contains=code)
        naming = {*texts.values_list("page_id", flat=True), *pages.values_list("pk", flat=True)}
        showing = tree.reachable_ids(naming, now)
        if showing and any(attachment_id in finder(showing) for finder in _text_offers):
            offered.add(attachment_id)
    return offered


def _pages_linking(link_model: Any, media_field: str, media_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    links = list(
        link_model.objects.filter(**{f"{media_field}__in": media_ids})
        .exclude(page__status=Status.DELETED)
        .order_by("page_id")
        .values_list(media_field, "page_id")
    )
    names: dict[int, dict[str, str]] = defaultdict(dict)
    localized = PageLocalization.objects.filter(page_id__in={page_id for _, page_id in links})
    for page_id, locale, name in localized.values_list("page_id", "locale", "name"):
        if name:
            names[page_id][locale] = name
    found: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for media_id, page_id in links:
        found[media_id].append({"id": page_id, "name": names[page_id]})
    return dict(found)


def _linked_media(own: dict[int, int], records: list[dict[str, Any]], media_field: str) -> list[int]:
    """Return the media ids the page links to once the records are applied, repeats included."""
    final = dict(own)  # link id -> media id
    added = []
    for record in records:
        link_id, media_id = record.get("id"), record.get(media_field)
        if link_id and record.get("_destroy"):
            final.pop(link_id, None)
        elif link_id and media_id:
            final[link_id] = media_id
        elif not link_id and media_id and not record.get("_destroy"):
            added.append(media_id)
    return [*final.values(), *added]


def apply_link_changes(page: Page, changes: dict[str, Any]) -> None:
    for key, (link_model, _media_model, media_field) in LINK_KINDS.items():
        records = changes.get(key)
        if records is None:
            continue
        links = {link.pk: link for link in link_model.objects.filter(page=page)}
        # Removals first: a payload may drop a link and add the same image back in one go.
        removed = {r["id"] for r in records if r.get("id") and r.get("_destroy")}
        link_model.objects.filter(page=page, pk__in=removed).delete()
        for index, record in enumerate(records, start=1):
            if record.get("_destroy"):
                continue
            link = links.get(record.get("id")) if record.get("id") else None
            if link is None:
                link = link_model(page=page, **{media_field: record[media_field]})
            elif record.get(media_field):
                setattr(link, media_field, record[media_field])
            link.position = record.get("position") or index
            if link_model is PageImage:
                link.primary = bool(record.get("primary", False))
            link.save()
