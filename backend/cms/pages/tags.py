"""Tag spelling rules: case-insensitive matching, the existing spelling wins, no duplicates."""

import json

from django.db import connection
from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import BadRequest, ValidationFailed
from cms.core.input_types import shown_text, unstorable_text_message
from cms.core.messages import message
from cms.pages.models import Tag
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


def tags_named(names: list[str]) -> list[Tag]:
    """Return the tags with these names, reusing the stored spelling of any that exist.

    One indexed read of the names asked for, never the whole vocabulary."""
    if not names:
        return []
    existing = {tag.key: tag for tag in Tag.objects.filter(key__in={tag_key(name) for name in names})}
    new = [Tag(name=name, key=tag_key(name)) for name in names if tag_key(name) not in existing]
    if new:
        Tag.objects.bulk_create(new)  # one statement (the caller holds the tree lock: no twin is made meanwhile)
        if new[0].pk is None:  # a database that returns no ids from a bulk insert
            existing |= {tag.key: tag for tag in Tag.objects.filter(key__in=[tag.key for tag in new])}
        else:
            existing |= {tag.key: tag for tag in new}
    return [existing[tag_key(name)] for name in names]


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
