"""Settings for the test run: the real settings with a fast password hasher."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test run has a database of its own; a cache in var/ would outlive it. Tests that need a
# cache shared between processes set one up (cms/pages/tests/test_read_model.py).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
