"""`{% site_static 'site/site.css' %}`: the address of one of the website's own static files.

Django's `{% static %}` asks the hashed-names storage anew on every page (its manifest, the
name's hash, the URL's quoting): about a fourteenth of a public page's rendering for two
addresses that only change with a deploy, which starts new processes. So each is worked out
once per process.
"""

from functools import cache

from django import template
from django.templatetags.static import static

register = template.Library()


@register.simple_tag
@cache
def site_static(path: str) -> str:
    return static(path)
