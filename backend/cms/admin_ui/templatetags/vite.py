from django import template
from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from cms.admin_ui.vite import entry_assets

register = template.Library()


@register.simple_tag
def vite_entry(entry: str) -> SafeString:
    """Render the stylesheets and module script of a frontend entry point."""
    try:
        assets = entry_assets(entry)
    except ImproperlyConfigured:
        return SafeString("")  # server-rendered pages still work before the first build
    styles = format_html_join("", '<link rel="stylesheet" href="{}">', ((static(s),) for s in assets.styles))
    preloads = format_html_join("", '<link rel="modulepreload" href="{}">', ((static(p),) for p in assets.preloads))
    script = format_html('<script type="module" src="{}"></script>', static(assets.script))
    return SafeString(styles + preloads + script)
