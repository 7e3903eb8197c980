"""Create or update the administrator that `make run` prints, without prompting.

DJANGO_SUPERUSER_USERNAME / _PASSWORD / _EMAIL win when set (the same variables as
`createsuperuser --noinput`). Otherwise a user 'admin' gets a random password on first run,
kept in var/ so later runs print the same login. A password from the environment is never
printed: whoever set it knows it, and a terminal or a CI log is no place for it.
"""

import os
import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from cms.core.secret_files import read_or_create_secret


class Command(BaseCommand):
    help = "Create or update the back office's administrator and print the login."

    def handle(self, *args: Any, **options: Any) -> None:
        username = os.environ.get("DJANGO_SUPERUSER_USERNAME") or "admin"
        given = os.environ.get("DJANGO_SUPERUSER_PASSWORD")
        password = given or self._local_password()
        email = os.environ.get("DJANGO_SUPERUSER_EMAIL") or f"{username}@example.com"
        user, created = get_user_model().objects.get_or_create(username=username)
        user.email = email
        user.is_staff = user.is_superuser = user.is_active = True
        if created or not user.check_password(password):
            user.set_password(password)
        user.save()
        if given:
            self.stdout.write(f"Admin login: {username} (the password in DJANGO_SUPERUSER_PASSWORD)")
        else:
            self.stdout.write(f"Admin login: {username} / {password}")

    def _local_password(self) -> str:
        return read_or_create_secret(settings.VAR_DIR / "admin-password", lambda: secrets.token_urlsafe(12))
