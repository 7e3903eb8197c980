"""`{% site_static 'site/site.css' %}`: Django's `{% static %}`, each address worked out once per
process. The storage reads its manifest of hashed names once when it starts (cms.core.static_files),
so an address never changes while the process runs; asking the storage again cost each page a
few percent of its rendering (issue 29). Outside DEBUG only: in development a changed file may
be collected again while the server runs."""

from functools import lru_cache

from django import template
from django.conf import settings
from django.templatetags.static import static

register = template.Library()


@lru_cache(maxsize=64)
def _kept(path: str) -> str:
    return static(path)


@register.simple_tag
def site_static(path: str) -> str:
    return static(path) if settings.DEBUG else _kept(path)
