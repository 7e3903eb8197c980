"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

# As in config/wsgi.py: the thread that makes scheduled changes go live in this process.
from cms.pages.scheduling.ticker import start_ticker  # noqa: E402  (needs the application's set-up)

start_ticker()
