"""Tag spelling rules: case-insensitive matching, the existing spelling wins, no duplicates."""

import json

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import BadRequest, ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.messages import message

MAX_TAG_LENGTH = 100
NESTED_MESSAGE = _("serialized_tags is nested too deeply to read.")
LIST_MESSAGE = _("must be a JSON list of tag names")
TAG_MESSAGE = _("a tag %(problem)s")
TAG_LENGTH_MESSAGE = message(_("a tag has at most %(limit)d characters"), limit=MAX_TAG_LENGTH)


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
    if problem := next(filter(None, map(unstorable_text_message, names)), None):
        raise ValidationFailed([("serialized_tags", message(TAG_MESSAGE, problem=problem))])
    cleaned = [" ".join(n.split()) for n in names]
    if any(len(n) > MAX_TAG_LENGTH for n in cleaned):
        raise ValidationFailed([("serialized_tags", TAG_LENGTH_MESSAGE)])
    return unique_case_insensitive([n for n in cleaned if n])


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
