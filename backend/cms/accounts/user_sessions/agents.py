"""A browser and system in words ("Chrome on Linux") from a User-Agent header.

A dozen substring checks rather than a parser with thousands of patterns (ua-parser): the page
only has to let a person recognise their own devices, and the common browsers say who they are
plainly. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
"""

from django.utils.translation import gettext as _

BROWSERS = [
    ("Edg/", "Edge"),
    ("EdgA/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
]
SYSTEMS = [
    ("Windows", "Windows"),
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("CrOS", "ChromeOS"),
    ("Mac OS X", "macOS"),
    ("Macintosh", "macOS"),
    ("Linux", "Linux"),
]


def _first(user_agent: str, table: list[tuple[str, str]]) -> str | None:
    return next((name for mark, name in table if mark in user_agent), None)


def describe(user_agent: str) -> str:
    browser, system = _first(user_agent, BROWSERS), _first(user_agent, SYSTEMS)
    if browser and system:
        return _("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system or _("Unknown browser")
