"""HTTPS settings come from the environment: off for the local run, deploy-clean when turned on."""

from django.core.management.utils import get_random_secret_key

HTTPS_SETTINGS = (
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
)


def test_the_local_run_serves_plain_http(django_process):
    assert django_process.settings(*HTTPS_SETTINGS) == {
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_HSTS_SECONDS": 0,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": False,
        "SECURE_PROXY_SSL_HEADER": None,
    }


def test_https_turns_on_secure_cookies_redirect_and_a_year_of_hsts(django_process):
    # A deployment must give its key (config/tests/test_settings_secret_key.py).
    key = get_random_secret_key()
    assert django_process.settings(*HTTPS_SETTINGS, DJANGO_HTTPS="true", SECRET_KEY=key) == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_PROXY_SSL_HEADER": None,
    }


def test_hsts_redirect_and_proxy_header_can_be_tuned(django_process):
    values = django_process.settings(
        *HTTPS_SETTINGS,
        DJANGO_HTTPS="true",
        SECRET_KEY=get_random_secret_key(),
        DJANGO_SSL_REDIRECT="false",
        DJANGO_HSTS_SECONDS="600",
        DJANGO_HSTS_INCLUDE_SUBDOMAINS="false",
        DJANGO_HSTS_PRELOAD="false",
        DJANGO_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO",
    )
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 600
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is False and values["SECURE_HSTS_PRELOAD"] is False
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_a_proxy_header_with_its_own_value(django_process):
    values = django_process.settings("SECURE_PROXY_SSL_HEADER", DJANGO_PROXY_SSL_HEADER="HTTP_X_FORWARDED_SSL=on")
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_SSL", "on"]


def test_deploy_check_is_clean_in_a_production_environment(django_process):
    result = django_process.run(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_HTTPS="true",
        SECRET_KEY=get_random_secret_key(),
        ALLOWED_HOSTS="example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
