"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Scheduled changes go live by themselves: each serving process runs the thread that applies
# them (cms.pages.scheduling.ticker), so no outside job is needed.
from cms.pages.scheduling.ticker import start_ticker  # noqa: E402  (needs the application's set-up)

start_ticker()
