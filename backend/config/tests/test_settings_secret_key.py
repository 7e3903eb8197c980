"""A deployment (DJANGO_HTTPS) must be given its SECRET_KEY: machines behind a load balancer share it.

Only a local run (no DJANGO_HTTPS) makes a key of its own, in VAR_DIR/secret_key
(config/tests/test_secret_key_file.py).
"""

import pytest
from django.core.management.utils import get_random_secret_key

MESSAGE = "set the SECRET_KEY environment variable"


@pytest.mark.parametrize("https", ["true", "1", "yes", "on", "TRUE"])
def test_a_deployment_without_a_key_refuses_to_start(django_process, https):
    result = django_process.run("-c", "from django.conf import settings; settings.SECRET_KEY", DJANGO_HTTPS=https)
    assert result.returncode != 0
    assert "django.core.exceptions.ImproperlyConfigured" in result.stderr
    assert MESSAGE in result.stderr and "DJANGO_HTTPS" in result.stderr
    assert not (django_process.var_dir / "secret_key").exists()  # no per-machine key was made


@pytest.mark.parametrize("empty", ["SECRET_KEY", "DJANGO_SECRET_KEY"])
def test_an_empty_key_is_no_key(django_process, empty):
    result = django_process.run("-c", "import django; django.setup()", DJANGO_HTTPS="true", **{empty: ""})
    assert result.returncode != 0
    assert MESSAGE in result.stderr


def test_the_server_itself_refuses_to_start(django_process):
    result = django_process.run("manage.py", "check", DJANGO_HTTPS="true", ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert MESSAGE in result.stderr


@pytest.mark.parametrize("name", ["SECRET_KEY", "DJANGO_SECRET_KEY"])
def test_a_deployment_with_a_key_starts_and_uses_it(django_process, name):
    key = get_random_secret_key()
    values = django_process.settings("SECRET_KEY", "SESSION_COOKIE_SECURE", DJANGO_HTTPS="true", **{name: key})
    assert values == {"SECRET_KEY": key, "SESSION_COOKIE_SECURE": True}
    assert not (django_process.var_dir / "secret_key").exists()


def test_the_wsgi_application_loads_with_a_key(django_process):
    result = django_process.run(
        "-c", "from config.wsgi import application; print(application is not None)",
        DJANGO_HTTPS="true", SECRET_KEY=get_random_secret_key(), ALLOWED_HOSTS="example.org",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


@pytest.mark.parametrize("https", [None, "false", "0", ""])
def test_a_local_run_still_makes_its_own_key(django_process, https):
    variables = {} if https is None else {"DJANGO_HTTPS": https}
    key = django_process.settings("SECRET_KEY", **variables)["SECRET_KEY"]
    assert len(key) >= 50
    assert (django_process.var_dir / "secret_key").read_text() == key
