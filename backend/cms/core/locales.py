"""The website's locales: a code, a display name and a text direction.

Locales are configuration (settings.CMS_LOCALES), not data, so looking one up costs no query.
"""

from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cms.core.exceptions import NotFound
from cms.core.messages import message

# Scripts written right to left; every other locale is left to right (spec §3 Locale).
RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur", "ps", "sd", "yi", "dv", "ckb"})

LOCALE_NAMES = {
    "ar": "العربية",
    "da": "Dansk",
    "de": "Deutsch",
    "en": "English",
    "es": "Español",
    "fa": "فارسی",
    "fi": "Suomi",
    "fr": "Français",
    "he": "עברית",
    "nb": "Norsk bokmål",
    "nn": "Norsk nynorsk",
    "sv": "Svenska",
    "ur": "اردو",
}


# Locales as running text in the interface language names them ("Changed Body (Arabic)"), as the
# admin's own screens do (their browser's Intl.DisplayNames gives these same names); a locale
# not here is named as the site names it (LOCALE_NAMES).
INTERFACE_NAMES = {
    "ar": pgettext_lazy("language name", "Arabic"),
    "da": pgettext_lazy("language name", "Danish"),
    "de": pgettext_lazy("language name", "German"),
    "en": pgettext_lazy("language name", "English"),
    "es": pgettext_lazy("language name", "Spanish"),
    "fa": pgettext_lazy("language name", "Persian"),
    "fi": pgettext_lazy("language name", "Finnish"),
    "fr": pgettext_lazy("language name", "French"),
    "he": pgettext_lazy("language name", "Hebrew"),
    "nb": pgettext_lazy("language name", "Norwegian Bokmål"),
    "nn": pgettext_lazy("language name", "Norwegian Nynorsk"),
    "sv": pgettext_lazy("language name", "Swedish"),
    "ur": pgettext_lazy("language name", "Urdu"),
}


def interface_name(code: str) -> str:
    """A locale's name in the interface language (the active one)."""
    return str(INTERFACE_NAMES.get(code) or LOCALE_NAMES.get(code, code))


@dataclass(frozen=True)
class Locale:
    code: str
    name: str
    dir: str  # "ltr" or "rtl"

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "name": self.name, "dir": self.dir}


@cache
def _locales(codes: tuple[str, ...]) -> tuple[Locale, ...]:
    return tuple(
        Locale(
            code=code,
            name=LOCALE_NAMES.get(code, code),
            dir="rtl" if code.split("-")[0] in RTL_LANGUAGES else "ltr",
        )
        for code in codes
    )


def all_locales() -> tuple[Locale, ...]:
    """Return the configured locales, the default first."""
    return _locales(tuple(settings.CMS_LOCALES))


def locale_codes() -> list[str]:
    return [locale.code for locale in all_locales()]


def default_locale() -> Locale:
    return all_locales()[0]


def get_locale(code: str) -> Locale:
    """Return the locale with this code, or raise NotFound."""
    for locale in all_locales():
        if locale.code == code:
            return locale
    raise NotFound(message(_("Unknown locale '%(code)s'."), code=code))


def in_locale(texts: dict[str, str] | None, locale: str) -> str:
    """Return a locale map's text in `locale` or, when it has none there, as the page tree falls
    back: the configured locales' texts in order (the default first), then any other. Blank texts
    do not count; '' when no locale has one."""
    texts = texts or {}
    for code in (locale, *locale_codes(), *texts):
        text = texts.get(code)
        if isinstance(text, str) and text.strip():
            return text.strip()
    return ""
