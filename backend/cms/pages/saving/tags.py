"""Tag spelling rules: case-insensitive matching, the existing spelling wins, no duplicates."""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import connection
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import BadRequest, ValidationFailed
from cms.core.input_types import shown_text, unstorable_text_message
from cms.core.messages import message
from cms.pages import locks
from cms.pages.models import Page, Tag
from cms.pages.models.tags import tag_key

MAX_TAG_LENGTH = 100
MAX_TAGS = 100  # on one page (DESIGN §3): every record and editor screen carries them all
NESTED_MESSAGE = _("serialized_tags is nested too deeply to read.")
LIST_MESSAGE = _("must be a JSON list of tag names")
TAG_MESSAGE = _("a tag %(problem)s")
TAG_LENGTH_MESSAGE = message(_("a tag has at most %(limit)d characters"), limit=MAX_TAG_LENGTH)
TAG_COUNT_MESSAGE = message(_("a page has at most %(limit)d tags"), limit=MAX_TAGS)


def parse_serialized_tags(serialized: str) -> list[str]:
    """Return the tag names of a `serialized_tags` payload (a JSON list of strings)."""
    try:
        names = json.loads(serialized) if serialized else []
    except ValueError:
        names = None
    except RecursionError:
        raise BadRequest(NESTED_MESSAGE) from None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValidationFailed([("serialized_tags", LIST_MESSAGE)])
    if len(names) > MAX_TAGS and len(unique_case_insensitive(names)) > MAX_TAGS:
        raise ValidationFailed([("serialized_tags", TAG_COUNT_MESSAGE)])
    if problem := next(filter(None, map(unstorable_text_message, names)), None):
        raise ValidationFailed([("serialized_tags", message(TAG_MESSAGE, problem=problem))])
    cleaned = [" ".join(shown_text(n).split()) for n in names]
    if any(len(n) > MAX_TAG_LENGTH for n in cleaned):
        raise ValidationFailed([("serialized_tags", TAG_LENGTH_MESSAGE)])
    unique = unique_case_insensitive([n for n in cleaned if n])
    if len(unique) > MAX_TAGS:
        raise ValidationFailed([("serialized_tags", TAG_COUNT_MESSAGE)])
    return unique


def unique_case_insensitive(names: list[str]) -> list[str]:
    """Drop later names that equal an earlier one regardless of case, keeping the order."""
    seen: set[str] = set()
    result = []
    for name in names:
        key = name.casefold()
        if key not in seen:
            seen.add(key)
            result.append(name)
    return result


# How many other tags a page record suggests beside its own (DESIGN §3: bounded, whatever the
# site's vocabulary); the tag editor asks `tags.json?q=` for more as the editor types.
SUGGESTED_TAGS = 50
MAX_PREFIX_MATCHES = 20


def tags_named(names: Sequence[str], *, known: Mapping[str, Tag] | None = None) -> list[Tag]:
    """Return the tags with these names, reusing the stored spelling of any that exist.

    `known`: tags already read, by key (a page's own). One indexed read of the other names,
    never the whole vocabulary; new tags are made under the tag lock (cms.pages.locks)."""
    existing = dict(known or {})
    missing = {tag_key(name) for name in names} - existing.keys()
    if missing:
        existing |= {tag.key: tag for tag in Tag.objects.filter(key__in=missing)}
    new = list({tag_key(n): Tag(name=n, key=tag_key(n)) for n in names if tag_key(n) not in existing}.values())
    if new:
        locks.lock_tags()
        if locks.takes_locks():  # a save holding the lock before may have made some of them
            existing |= {tag.key: tag for tag in Tag.objects.filter(key__in=[tag.key for tag in new])}
            new = [tag for tag in new if tag.key not in existing]
        Tag.objects.bulk_create(new)  # one statement
        if new and new[0].pk is None:  # a database that returns no ids from a bulk insert
            existing |= {tag.key: tag for tag in Tag.objects.filter(key__in=[tag.key for tag in new])}
        else:
            existing |= {tag.key: tag for tag in new}
    return [existing[tag_key(name)] for name in names]


@dataclass(frozen=True)
class TagChange:
    """A page's tags as stored before a save, and those the save asks for."""

    held: dict[int, str]  # tag id -> name
    wanted: list[Tag]

    @property
    def changed(self) -> bool:
        return {tag.pk for tag in self.wanted} != self.held.keys()


def tag_change(page: Page, names: Sequence[str]) -> TagChange:
    """Read the page's tags once (none for a page not stored yet) and find or make the tags
    `names` asks for; a save that sends the tags the page has reads nothing more."""
    held = list(Tag.objects.filter(pages=page)) if page.pk is not None else []
    wanted = tags_named(names, known={tag.key: tag for tag in held})
    return TagChange(held={tag.pk: tag.name for tag in held}, wanted=wanted)


def save_tags(page: Page, change: TagChange) -> None:
    """Write only the page's tag rows that change: at most one DELETE and one INSERT."""
    through = Page.tags.through
    wanted = {tag.pk for tag in change.wanted}
    if removed := change.held.keys() - wanted:
        through.objects.filter(page_id=page.pk, tag_id__in=removed).delete()
    if added := wanted - change.held.keys():
        through.objects.bulk_create(through(page_id=page.pk, tag_id=tag_id) for tag_id in sorted(added))


def suggestion_pool() -> list[str]:
    """The first tags alphabetically, enough to suggest SUGGESTED_TAGS beside any page's own
    (read once for many records: see with_suggestions)."""
    return list(Tag.objects.order_by("key").values_list("name", flat=True)[: SUGGESTED_TAGS + MAX_TAGS])


def with_suggestions(own: list[str], pool: list[str]) -> list[str]:
    """A page's tags and at most SUGGESTED_TAGS others from the pool, alphabetically whatever the case."""
    keys = {tag_key(name) for name in own}
    others = [name for name in pool if tag_key(name) not in keys][:SUGGESTED_TAGS]
    return sorted([*own, *others], key=tag_order)


def tags_starting_with(prefix: str, *, limit: int = MAX_PREFIX_MATCHES) -> list[str]:
    """The tags whose name starts with `prefix` whatever the case, alphabetically, `limit` at most."""
    key = tag_key(" ".join(prefix.split()))
    tags = Tag.objects.all()
    if key:
        tags = tags.filter(key__startswith=key)
        if connection.vendor == "sqlite":
            # SQLite's LIKE can't use the index; the same prefix as a range of the binary order can.
            tags = tags.filter(key__gte=key, key__lt=key + "\U0010ffff")
    return sorted(tags.order_by("key").values_list("name", flat=True)[:limit], key=tag_order)


def tag_order(name: str) -> tuple[str, str]:
    """Tags alphabetically whatever the letter case, the same on every database (a database's
    own order depends on its collation: "Banana" before "apple" in C, after it in en_US)."""
    return name.casefold(), name
