"""WSGI entry point (gunicorn config.wsgi). Scheduled changes go live on the task engine's
workers (cms.pages.scheduling.tasks), which gunicorn starts beside the web workers."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
