"""The server's message catalogues (backend/locale/{code}/LC_MESSAGES/django.po): every message
translated into every shipped interface language, none fuzzy, compiled (.mo, committed), and
every message the code marks for translation is in them."""

import ast
import gettext
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

LOCALE_DIR = Path(settings.LOCALE_PATHS[0])
BACKEND_DIR = LOCALE_DIR.parent
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# The keywords makemessages gives xgettext for Python (django.core.management.commands.makemessages).
XGETTEXT_KEYWORDS = [
    "gettext_noop",
    "gettext_lazy",
    "ngettext_lazy:1,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
    "pgettext_lazy:1c,2",
    "npgettext_lazy:1c,2,3",
]


@dataclass
class Entry:
    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    strings: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def read_po(text: str) -> list[Entry]:
    """The live entries of a .po (or .pot) text, the header left out; obsolete (#~) ones too."""
    entries = []
    for block in re.split(r"\n\s*\n", text):
        entry, target = Entry(), None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith(("msgctxt ", "msgid ", "msgid_plural ", "msgstr")):
                keyword, value = line.split(" ", 1)
                target = keyword
                if keyword.startswith("msgstr"):
                    entry.strings.append("")
                _append(entry, target, ast.literal_eval(value))
            elif line.startswith('"') and target:
                _append(entry, target, ast.literal_eval(line))
        if entry.msgid:
            entries.append(entry)
    return entries


def _append(entry: Entry, target: str, text: str) -> None:
    if target == "msgctxt":
        entry.context = (entry.context or "") + text
    elif target == "msgid":
        entry.msgid += text
    elif target == "msgid_plural":
        entry.plural = (entry.plural or "") + text
    else:
        entry.strings[-1] += text


def catalogue(code: str) -> list[Entry]:
    return read_po((LOCALE_DIR / code / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))


def plural_count(code: str) -> int:
    header = (LOCALE_DIR / code / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    match = re.search(r"nplurals=(\d+)", header)
    assert match, f"{code}: the catalogue's header has no Plural-Forms"
    return int(match[1])


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_a_translation_that_is_not_fuzzy(code):
    entries = catalogue(code)
    assert entries, f"{code}: no messages"
    for entry in entries:
        where = f"{code}: {entry.msgid!r}"
        assert "fuzzy" not in entry.flags, f"{where} is fuzzy: check its translation and remove the flag"
        assert all(text.strip() for text in entry.strings), f"{where} has no translation"
        if entry.plural is None:
            assert len(entry.strings) == 1, where
            assert set(PLACEHOLDER.findall(entry.strings[0])) == set(PLACEHOLDER.findall(entry.msgid)), where
        else:
            assert len(entry.strings) == plural_count(code), f"{where} needs every plural form"
            names = set(PLACEHOLDER.findall(entry.msgid + entry.plural))
            assert all(set(PLACEHOLDER.findall(text)) <= names for text in entry.strings), where


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_current_one(code):
    """The .mo files are committed: after a change to a .po, run compilemessages (README)."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "django.mo").open("rb") as compiled:
        messages = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    for entry in catalogue(code):
        msgid = entry.msgid if entry.context is None else f"{entry.context}\x04{entry.msgid}"
        if entry.plural is None:
            assert messages.get(msgid) == entry.strings[0], f"{code}: {entry.msgid!r}: run compilemessages"
        else:
            for number, text in enumerate(entry.strings):
                assert messages.get((msgid, number)) == text, f"{code}: {entry.msgid!r}: run compilemessages"


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext (xgettext)")
def test_every_message_the_code_marks_is_in_the_catalogues():
    """What makemessages would add: a marked message missing here would stay English."""
    sources = sorted(
        str(path.relative_to(BACKEND_DIR))
        for path in (BACKEND_DIR / "cms").rglob("*.py")
        if "tests" not in path.parts and "migrations" not in path.parts
    )
    extracted = subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--from-code=UTF-8",
            "--output=-",
            *(f"--keyword={keyword}" for keyword in XGETTEXT_KEYWORDS),
            *sources,
        ],
        cwd=BACKEND_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    marked = {entry.key for entry in read_po(extracted)}
    assert marked, "xgettext found no marked message"
    for code in TRANSLATED:
        known = {entry.key for entry in catalogue(code)}
        assert marked <= known, f"{code} misses {sorted(str(m) for m in marked - known)}: run makemessages"
