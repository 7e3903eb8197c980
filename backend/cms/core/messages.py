"""Messages for people, worded in the interface language when an answer is written.

A rule makes its message where the rule is (gettext_lazy, at module level, or `message()` for one
with values), and a domain error carries it as it is: it becomes text only when an answer is
rendered, in the language active for the request (the user's interface language, activated by
cms.accounts.middleware; English for a caller with no choice and no Accept-Language). The
English text is the message id, so an English answer reads exactly as the rule wrote it.

A message is never stored as text: the audit log and the database keep facts, never sentences;
what must keep a message for later (a scheduled change that failed) keeps its message id and
values (`frozen`) and words them when answered (`thawed`). Lazy
messages compare equal when their words are equal in the active language, so code may still
compare one with a constant (`errors == [("name", CANT_BE_BLANK)]`).
"""

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext, override
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise as StrPromise
else:
    from django.utils.functional import Promise as StrPromise

# A message for people: text, or a lazy text worded when it is read.
Message: TypeAlias = str | StrPromise
# (attribute, message) pairs of a refused write (DESIGN.md §3).
Errors: TypeAlias = list[tuple[str, Message]]

# Messages several rules share.
CANT_BE_BLANK = _("can't be blank")
DOES_NOT_EXIST = _("does not exist")
MUST_BE_TEXT = _("must be text")
# A signed-in visitor who is not staff (cms.api.auth, and the upload guard in cms.core.uploads).
NO_ACCESS = _("You do not have access to the back office.")


def _filled(text: Message, values: dict[str, Any]) -> str:
    return str(text) % values if values else str(text)


_lazy_filled = lazy(_filled, str)


def message(text: Message, **values: Any) -> StrPromise:
    """`text` (a gettext_lazy message with %(name)s placeholders) filled with `values`, worded
    when it is read; a value may be a lazy message too (%(name)s words it then)."""
    return cast("StrPromise", _lazy_filled(text, values))


def worded_later(build: Callable[[], str]) -> StrPromise:
    """A lazy text that `build` words each time it is read (in the language active then)."""
    return cast("StrPromise", lazy(build, str)())


def worded(errors: Iterable[tuple[str, Message]]) -> list[tuple[str, str]]:
    """The (attribute, message) pairs as text in the active language: for an answer."""
    return [(attribute, str(text)) for attribute, text in errors]


def too_long(limit: int) -> StrPromise:
    """The message of a text over `limit` characters."""
    return message(_("is too long (at most %(limit)d characters)"), limit=limit)


def grouped_number(number: int) -> StrPromise:
    """`number` with the active language's thousands separator (10,000 in English)."""
    return worded_later(lambda: number_format(number, force_grouping=True))


# A message as it is stored: {"id": msgid, "values": {name: value or stored message}} for one
# made by gettext_lazy or message(); {"text": English} for any other (worded_later's).
StoredMessage: TypeAlias = dict[str, Any]


def frozen(text: Message) -> StoredMessage:
    """`text` as something JSON can keep, untranslated, for `thawed` to word later."""
    if isinstance(text, StrPromise):
        # A lazy message pickles as (its function, its arguments): the message id and values.
        reduced: tuple[Any, ...] = text.__reduce__()[1]
        func, args, kwargs = reduced[:3]
        if func is gettext and len(args) == 1 and not kwargs:
            return {"id": args[0]}
        if func is _filled and len(args) == 2 and not kwargs:
            inner = frozen(args[0])
            if "id" in inner:
                values = {
                    name: frozen(value) if isinstance(value, StrPromise) else value for name, value in args[1].items()
                }
                return {"id": inner["id"], "values": values}
    with override("en"):
        return {"text": str(text)}


def thawed(stored: StoredMessage) -> str:
    """A stored message (`frozen`) worded in the active language."""
    if "id" not in stored:
        return str(stored.get("text", ""))
    values = {
        name: thawed(value) if isinstance(value, dict) else value for name, value in stored.get("values", {}).items()
    }
    return _filled(gettext(stored["id"]), values)
