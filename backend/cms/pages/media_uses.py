"""Which pages show which images and files: the one place that decides it (DESIGN §2).

A page shows an image it links, its sharing (meta) image, the files it links, and every image
and file an embed code of its text expands ([image:ID], [attachment:ID], spec §9). The page save
writes what it shows into MediaUse (embed codes read once, at write time), and every reader asks
that table: who may change a medium (edit on every page showing it), whether a visitor may
download a file (a page they can reach shows it), and the libraries' "used on" lists.

Which codes a text expands is decided where the site renders them (Markdown blocks only, not in
code, no download inside a link: cms.core.markdown), so what counts as shown is what visitors see.
"""

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, Literal

from django.utils import timezone

from cms.core.markdown import expanded_codes
from cms.media.models import Attachment, Image
from cms.pages import visibility
from cms.pages.models import MediaUse, Page, PageFile, PageImage, PageLocalization, Status
from cms.pages.saving.links import held_media
from cms.pages.templates_registry import registry

Kind = Literal["image", "attachment"]
Medium = tuple[Kind, int]


def embedded_media(texts: Iterable[str]) -> set[Medium]:
    """The media the embed codes of these Markdown texts expand."""
    found: set[Medium] = set()
    for text in texts:
        if names_media(text):
            found |= expanded_codes(text)
    return found


def rich_texts(template_name: str, shared: dict[str, Any], localized: Iterable[dict[str, Any]]) -> list[str]:
    """The texts a page's template renders as Markdown: its rich blocks, shared and per locale."""
    template = registry().shown(template_name)
    rich = [block for block in template.all_blocks if is_rich(block)]
    texts = [shared.get(block.name) for block in rich if not block.localized]
    for blocks in localized:
        texts += [blocks.get(block.name) for block in rich if block.localized]
    return [text for text in texts if isinstance(text, str) and text]


def shown_by(page: Page) -> set[Medium]:
    """Everything the stored page shows, read from its links, sharing image and texts."""
    images = PageImage.objects.filter(page=page).values_list("image_id", flat=True)
    files = PageFile.objects.filter(page=page).values_list("attachment_id", flat=True)
    shown: set[Medium] = {*(("image", image_id) for image_id in images), *(("attachment", i) for i in files)}
    if page.meta_image_id:
        shown.add(("image", page.meta_image_id))
    localized = PageLocalization.objects.filter(page=page).values_list("blocks", flat=True)
    return shown | _existing(embedded_media(rich_texts(page.template, page.blocks or {}, localized)) - shown)


def _existing(media: set[Medium]) -> set[Medium]:
    """The media of these that exist: a code may name one that never did (it renders nothing)."""
    found: set[Medium] = set()
    kinds: tuple[tuple[Kind, Any], ...] = (("image", Image), ("attachment", Attachment))
    for kind, model in kinds:
        ids = {medium_id for medium_kind, medium_id in media if medium_kind == kind}
        if ids:
            # Locked like the links' media (cms.pages.saving.links.held_media): not deleted under the save.
            found |= {(kind, pk) for pk in held_media(model, ids)}
    return found


def names_media(text: Any) -> bool:
    """Whether a text holds an embed code (it may then show a medium)."""
    return isinstance(text, str) and ("[image:" in text or "[attachment:" in text)


def record_shown_media(page: Page) -> None:
    """Write the page's rows afresh from what it shows now (inside the save's transaction)."""
    wanted = shown_by(page)
    stored = {
        (("image", image_id) if image_id else ("attachment", file_id)): pk
        for pk, image_id, file_id in MediaUse.objects.filter(page=page).values_list("pk", "image_id", "attachment_id")
    }
    gone = [pk for medium, pk in stored.items() if medium not in wanted]
    if gone:
        MediaUse.objects.filter(pk__in=gone).delete()
    new = wanted - stored.keys()
    if new:
        MediaUse.objects.bulk_create(
            MediaUse(page=page, **{f"{kind}_id": medium_id}) for kind, medium_id in sorted(new)
        )


def is_rich(block: Any) -> bool:
    """Whether a block is rendered as Markdown (its embed codes expand)."""
    return "rich" in block.css_class.split()


def _uses(kind: Kind, media_ids: Iterable[int]) -> Any:
    """The uses of these media by pages that are not deleted (a deleted page shows nothing)."""
    return MediaUse.objects.filter(**{f"{kind}_id__in": list(media_ids)}).exclude(page__status=Status.DELETED)


def showing_query(kind: Kind, media_id: int) -> Any:
    """The ids of every page that shows one image or attachment, deleted ones included, as a
    query to nest in another (the cached tree keeps deleted pages' records too)."""
    return MediaUse.objects.filter(**{f"{kind}_id": media_id}).values("page_id")


def pages_showing(kind: Kind, media_id: int) -> set[int]:
    """The ids of the pages (not deleted) that show one image or attachment."""
    return set(_uses(kind, [media_id]).values_list("page_id", flat=True))


def pages_using(kind: Kind, media_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The pages (not deleted) showing each medium, with their names per locale: the libraries'
    "used on" lists (registered with cms.media.usage)."""
    uses = list(_uses(kind, media_ids).order_by("page_id").values_list(f"{kind}_id", "page_id"))
    names: dict[int, dict[str, str]] = defaultdict(dict)
    localized = PageLocalization.objects.filter(page_id__in={page_id for _, page_id in uses}).exclude(name="")
    for page_id, locale, name in localized.values_list("page_id", "locale", "name"):
        names[page_id][locale] = name
    found: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for media_id, page_id in uses:
        found[media_id].append({"id": page_id, "name": names[page_id]})
    return dict(found)


def pages_using_images(image_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    return pages_using("image", image_ids)


def pages_using_attachments(attachment_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    return pages_using("attachment", attachment_ids)


def published_attachment_ids(attachment_ids: list[int]) -> set[int]:
    """The attachments a page visitors can reach shows: their downloads need no login.

    Reachable as cms.pages.visibility decides (a published page under a draft answers 404, and
    so do its files). Registered with cms.media.usage.
    """
    showing = set(
        MediaUse.objects.filter(attachment_id__in=list(attachment_ids)).values_list("attachment_id", "page_id")
    )
    reachable = visibility.reachable_ids({page_id for _attachment_id, page_id in showing}, timezone.now())
    return {attachment_id for attachment_id, page_id in showing if page_id in reachable}


def rebuild_all() -> None:
    """Write every page's rows afresh (after a change to what counts as shown)."""
    for page in Page.objects.only("pk", "template", "blocks", "meta_image_id").iterator():
        record_shown_media(page)
