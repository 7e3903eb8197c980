"""Settings for the test run: the real settings with a fast password hasher."""

import os

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test run has a database of its own; a cache in var/ would outlive it. Tests that need a
# cache shared between processes set one up (cms/pages/read_model/tests/test_read_model.py).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The search slots of one test process: pytest-xdist's workers are not one machine's servers, and
# on 2 cores (one slot) a search of one worker answered another's 503.
CMS_SEARCH_SLOTS_DIR = VAR_DIR / "test-search-slots" / os.environ.get("PYTEST_XDIST_WORKER", "main")  # noqa: F405
# Static files as they are in the apps, whatever a local `make run` collected into var/static:
# tests never depend on a collected copy (cms/core/tests/test_static_files.py collects its own).
STATIC_ROOT = VAR_DIR / "test-static"  # noqa: F405  (never collected into)
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# One access line per test request would bury a failing test's own output; the access log's
# test turns it on for itself (cms/core/tests/test_log_lines.py).
LOGGING = {**LOGGING, "loggers": {**LOGGING["loggers"], "cms.access": {"level": "WARNING"}}}  # noqa: F405
