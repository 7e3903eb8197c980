"""Settings for the back office, read from the environment (12-factor).

Every value a deployment may change comes from an environment variable; the defaults give a
working local set-up with an embedded SQLite database and files on disk.
"""

import hashlib
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from whitenoise.compress import Compressor

from config.mail_settings import mail_settings
from config.storage_settings import object_storage_settings

BACKEND_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = BACKEND_DIR.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", REPO_DIR / "var"))


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", default=False)
SECRET_KEY = os.environ.get("SECRET_KEY") or os.environ.get("DJANGO_SECRET_KEY") or ""
if not SECRET_KEY and env_flag("DJANGO_HTTPS"):
    # A deployment (DJANGO_HTTPS, see below) must share one key between all its machines: a key
    # made per machine would break sessions and signed rendition addresses behind a load balancer.
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(
        "DJANGO_HTTPS is true but no secret key is set: set the SECRET_KEY environment variable"
        " (or DJANGO_SECRET_KEY) to the same long random value on every server of the deployment."
    )
if not SECRET_KEY:
    # A local run without a configured key gets one that lives in var/, so sessions survive
    # restarts; production sets SECRET_KEY. Whoever reads the key can forge sessions, so the file
    # is readable by its owner only.
    from django.core.management.utils import get_random_secret_key

    from cms.core.secret_files import read_or_create_secret

    SECRET_KEY = read_or_create_secret(VAR_DIR / "secret_key", get_random_secret_key)

ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver,[::1]").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # Only for its templates and static files: the API docs then load Swagger UI from our own
    # static files instead of a CDN.
    "ninja",
    "cms.core",
    # The task engine (Django's Tasks API; its database backend): cms/background/.
    "django_tasks",
    "django_tasks_db",
    "cms.background",
    "cms.mail",
    "cms.api",
    "cms.audit",
    "cms.accounts",
    "cms.media",
    "cms.pages",
    "cms.search",
    "cms.admin_ui",
    "cms.site",
    # Last: depends on the apps above, none on it.
    "cms.portability",
]

MIDDLEWARE = [
    # First, so every answer (refusals and server errors too) carries its X-Request-ID.
    "cms.core.request_id.RequestIdMiddleware",
    # Next, so a load balancer's health check is answered before the host check and the HTTPS
    # redirect, and stays out of the access log (cms/core/health.py).
    "cms.core.health.HealthCheckMiddleware",
    # Inside the request id, so each access line carries it.
    "cms.core.log_lines.AccessLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Gzips the answers of everything below it (which may set bodies), so it comes before them
    # and after WhiteNoise: static files are pre-compressed and never reach it. Skips /media/'s
    # ranged files; why gzip and not Brotli: cms/core/compression.py.
    "cms.core.compression.CompressionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The admin's interface language (the user's choice, else the browser's): needs request.user.
    "cms.accounts.middleware.InterfaceLanguageMiddleware",
    # Your sessions' "last seen", written at most every few minutes, under /admin/ only.
    "cms.accounts.user_sessions.middleware.LastSeenMiddleware",
    # CMS_REQUIRE_TWO_FACTOR: a user it covers sets a second factor up before anything else.
    "cms.accounts.totp.require.RequireTwoFactorMiddleware",
    "cms.core.lazy_messages.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "cms.admin_ui.headers.AdminHeadersMiddleware",
    # Last, so every middleware above adds its headers to their refusals too. Both need
    # request.user; the guard must come before anything that reads request.POST.
    # An address or a body too large for any of the rest: refused before anything reads it.
    "cms.core.request_limits.RequestLimitsMiddleware",
    "cms.core.uploads.UploadGuardMiddleware",
    "cms.core.middleware.FormConventionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# --- Database: SQLite (WAL) by default, anything dj-database-url reads when DATABASE_URL is set.
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Health checks: a kept connection the database dropped (a restart, a failover) is replaced
    # when the next request starts instead of failing it.
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # A database that can't be reached fails a request (and the health check) in seconds
        # instead of holding a worker until the operating system gives up on the connection.
        DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
            "connect_timeout", int(os.environ.get("DATABASE_CONNECT_TIMEOUT", "5"))
        )
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(VAR_DIR / "db.sqlite3")),
            "OPTIONS": {
                # IMMEDIATE takes the write lock when a transaction begins, so two writers never
                # deadlock upgrading read locks; WAL lets readers run beside the writer.
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": ("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"),
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and sessions: files in var/cache by default, Redis when REDIS_URL is set. Either is
# shared by every process, so a change committed in one invalidates the cached tree for all.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES: dict[str, dict[str, Any]]
# Sessions must mean the same in every process and on every machine: a logout anywhere ends the
# session everywhere. With Redis (shared by all) they are read from it and written through to the
# database; without it, from the database: files in var/cache are one machine's (DESIGN §5).
# Redis fails soft (cms.core.fail_soft_cache): while it is down, reads miss and the site and
# sessions are served from the database, slower, instead of failing.
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "cms.core.fail_soft_cache.FailSoftRedisCache", "LOCATION": REDIS_URL}}
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "cms.core.cache.FileCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.db"
# Cached data belongs to one database: switching DATABASE_URL must not serve another's pages.
CACHES["default"]["KEY_PREFIX"] = hashlib.sha256(repr(sorted(DATABASES["default"].items())).encode()).hexdigest()[:12]

# --- Authentication: Django's own login form guards everything under /admin/.
LOGIN_URL = "/admin/login/"
# The second only keeps sessions signed in before the first existed (cms.accounts.backends).
AUTHENTICATION_BACKENDS = ["cms.accounts.backends.AccountBackend", "django.contrib.auth.backends.ModelBackend"]
LOGIN_REDIRECT_URL = "/admin/"
LOGOUT_REDIRECT_URL = "/admin/login/"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The visitor's address for login throttling is REMOTE_ADDR, unless a proxy in front of us
# names it in a header (e.g. HTTP_X_FORWARDED_FOR): set this only behind such a proxy, or
# visitors could claim any address.
CLIENT_IP_HEADER = os.environ.get("DJANGO_CLIENT_IP_HEADER", "")
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# A reset link works for a day at most (and once: Django's token changes with the password).
PASSWORD_RESET_TIMEOUT = 24 * 3600

# --- Mail (cms/mail/): Django's mail API over SMTP as EMAIL_URL says (config/mail_settings.py),
# sent by the task engine's workers, never inside a request.
globals().update(mail_settings(os.environ.get("EMAIL_URL", "")))
CMS_MAIL_FROM = os.environ.get("CMS_MAIL_FROM", "Back office <noreply@localhost>")
DEFAULT_FROM_EMAIL = SERVER_EMAIL = CMS_MAIL_FROM
# The waits, in seconds, before each new attempt at a mail the server refused or that could not
# reach it; after the last, the mail is given up and marked failed (cms/mail/outbox.py).
CMS_MAIL_RETRY_DELAYS = [float(s) for s in os.environ.get("CMS_MAIL_RETRY_DELAYS", "60,300,1800,7200").split(",") if s]
# Where links in mail start ("https://cms.example.org"); unset, at the address the request that
# asked for the mail came to.
CMS_BASE_URL = os.environ.get("CMS_BASE_URL", "").rstrip("/")
# A passkey alone (with its PIN or biometric) may sign in, without the password: "Sign in with a
# passkey" on the login page (cms/accounts/passkeys/). Off: passkeys serve as a second step only.
CMS_PASSKEY_SIGN_IN = env_flag("CMS_PASSKEY_SIGN_IN", default=True)
# Who must have a second factor (TOTP or a passkey) before using the back office: "none",
# "superusers" or "everyone" (cms/accounts/totp/require.py).
CMS_REQUIRE_TWO_FACTOR = os.environ.get("CMS_REQUIRE_TWO_FACTOR", "none").strip().lower() or "none"
if CMS_REQUIRE_TWO_FACTOR not in ("none", "superusers", "everyone"):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("CMS_REQUIRE_TWO_FACTOR must be none, superusers or everyone")

# --- Background work: Django's Tasks API (django-tasks, the backport of Django 6's
# django.tasks) with its database backend, so the queue is rows of the one database: nothing to
# run beside it, and any number of workers on any number of machines (cms/background/).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# A task still running this long after it started has lost its worker (killed, the machine gone):
# a worker puts it back in the queue. Longer than any task takes (a mail: EMAIL_TIMEOUT and a bit).
CMS_TASK_STALE_SECONDS = float(os.environ.get("CMS_TASK_STALE_SECONDS", "300"))
# What every worker does now and then besides running tasks (cms/background/housekeeping.py): the
# domain apps' periodic work, which then needs nothing an operator schedules.
CMS_WORKER_HOUSEKEEPING = [
    "cms.pages.linkcheck.tasks.keep_checks_queued",
    "cms.pages.scheduling.tasks.keep_applying_queued",
]
# Scheduled changes go live on the task engine (cms/pages/scheduling/tasks.py): each at its time,
# by a task queued for it, and a round at least this often applies any whose task was lost. Below
# 60 s, so a change goes live within DESIGN's minute even then.
CMS_SCHEDULE_POLL_SECONDS = float(os.environ.get("CMS_SCHEDULE_POLL_SECONDS", "30"))
if not 0.01 <= CMS_SCHEDULE_POLL_SECONDS <= 60:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("CMS_SCHEDULE_POLL_SECONDS must be a number of seconds from 0.01 to 60")
# A bulk job (cms.pages.bulk) writes pages for this long in one task, then queues the rest as
# another: well within CMS_TASK_STALE_SECONDS, and other tasks get their turn between slices.
CMS_BULK_SLICE_SECONDS = float(os.environ.get("CMS_BULK_SLICE_SECONDS", "20"))

# --- The full-page cache in front of the site (Varnish: deploy/varnish/default.vcl): where each
# page write's purge is sent after its commit, on the task engine (cms/site/purging.py). Comma-
# separated URLs of the caches, e.g. "http://127.0.0.1:6081/"; empty: no cache, nothing is sent.
CMS_PURGE_URLS = [url.strip() for url in os.environ.get("CMS_PURGE_URLS", "").split(",") if url.strip()]
# A cache that refused a purge or could not be reached is asked again after these delays (s).
CMS_PURGE_RETRY_DELAYS = [float(s) for s in os.environ.get("CMS_PURGE_RETRY_DELAYS", "1,5,30,120,600").split(",") if s]
CMS_PURGE_TIMEOUT = float(os.environ.get("CMS_PURGE_TIMEOUT", "5"))
# More addresses than this in one purge: the whole cache is purged instead.
CMS_PURGE_MAX_ADDRESSES = int(os.environ.get("CMS_PURGE_MAX_ADDRESSES", "200"))

# --- The external link checker (cms/pages/linkcheck/), on the task engine's workers. Off: no
# round is queued and none runs (a machine that must not reach the internet: the browser tests).
CMS_LINK_CHECKS = env_flag("CMS_LINK_CHECKS", default=True)
# How a check introduces itself to the sites it asks; some refuse clients that give no name.
CMS_LINK_CHECK_USER_AGENT = os.environ.get("CMS_LINK_CHECK_USER_AGENT") or (
    "Mozilla/5.0 (compatible; BackOfficeLinkChecker/1.0" + (f"; +{CMS_BASE_URL}" if CMS_BASE_URL else "") + ")"
)
CMS_LINK_CHECK_TIMEOUT = float(os.environ.get("CMS_LINK_CHECK_TIMEOUT", "10"))  # s, per request
CMS_LINK_CHECK_MAX_REDIRECTS = int(os.environ.get("CMS_LINK_CHECK_MAX_REDIRECTS", "5"))
CMS_LINK_CHECK_CONCURRENCY = int(os.environ.get("CMS_LINK_CHECK_CONCURRENCY", "8"))  # per worker
# At most this many requests a second to one host (from one worker), so a site linked a thousand
# times is not hammered.
CMS_LINK_CHECK_PER_HOST_PER_SECOND = float(os.environ.get("CMS_LINK_CHECK_PER_HOST_PER_SECOND", "1"))
CMS_LINK_CHECK_RECHECK_HOURS = float(os.environ.get("CMS_LINK_CHECK_RECHECK_HOURS", "24"))
CMS_LINK_CHECK_BATCH = int(os.environ.get("CMS_LINK_CHECK_BATCH", "50"))  # addresses per task
# A task starts no check after this long (well under CMS_TASK_STALE_SECONDS): the rest is the next's.
CMS_LINK_CHECK_BATCH_SECONDS = float(os.environ.get("CMS_LINK_CHECK_BATCH_SECONDS", "120"))
# With nothing due, the next round looks again after this long (new links wait at most this).
CMS_LINK_CHECK_POLL_SECONDS = float(os.environ.get("CMS_LINK_CHECK_POLL_SECONDS", "600"))
# Addresses a check may connect to besides the public internet's, as networks ("10.0.0.0/8"):
# none by default, so a link in a page cannot make the server probe its own network.
CMS_LINK_CHECK_ALLOWED_NETWORKS = [
    n.strip() for n in os.environ.get("CMS_LINK_CHECK_ALLOWED_NETWORKS", "").split(",") if n.strip()
]

# --- HTTPS, for a deployment behind TLS. Off by default: `make run` serves plain HTTP locally,
# where Secure cookies would never come back and a redirect to https:// would go nowhere.
HTTPS = env_flag("DJANGO_HTTPS")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
# A proxy that already redirects http:// to https:// itself may leave this to it.
SECURE_SSL_REDIRECT = env_flag("DJANGO_SSL_REDIRECT", default=HTTPS)
# Browsers remember to use HTTPS (HSTS) for a year, this host's subdomains included; preload
# only lets the host be added to browsers' built-in lists, which takes a separate submission.
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 365 * 24 * 3600)) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = HTTPS and env_flag("DJANGO_HSTS_PRELOAD", default=True)
# Behind a proxy that ends TLS, the request reaching us is plain HTTP; the proxy says it was
# HTTPS in a header. Name that header only when the proxy always sets it (and strips it from
# clients' requests): "HTTP_X_FORWARDED_PROTO", or "NAME=value" when the value is not "https".
proxy_ssl_header = os.environ.get("DJANGO_PROXY_SSL_HEADER", "")
if proxy_ssl_header:
    header_name, _, header_value = proxy_ssl_header.partition("=")
    SECURE_PROXY_SSL_HEADER = (header_name.strip(), header_value.strip() or "https")

# --- Internationalisation. Two languages, never mixed: the admin's interface language (the
# user's; gettext with the catalogues in backend/locale/, the frontend's in frontend/src/i18n/)
# and the website's locales (CMS_LOCALES), which the content is written in.
LANGUAGE_CODE = "en"
USE_I18N = True
# The interface languages shipped, named in their own language (the account page's choice).
LANGUAGES = [("en", "English"), ("nb", "Norsk bokmål"), ("ar", "العربية")]
LOCALE_PATHS = [BACKEND_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True
# Comma-separated locale codes of the website, the first is the default.
CMS_LOCALES = [c.strip() for c in os.environ.get("CMS_LOCALES", "en,nb,ar").split(",") if c.strip()]
CMS_TEMPLATES_FILE = Path(os.environ.get("CMS_TEMPLATES_FILE", BACKEND_DIR / "page_templates.toml"))
# The website's searches one visitor (network address) may start a minute, answers served from
# the cache aside; more answer 429 with Retry-After (cms.search.throttle). 0: no limit.
CMS_SEARCHES_PER_MINUTE = int(os.environ.get("CMS_SEARCHES_PER_MINUTE", "60"))
# How many of the website's searches run at once on one machine (the others wait a moment, then
# answer 503): half the cores, so searches never hold every worker while pages wait.
CMS_SEARCH_SLOTS = int(os.environ.get("CMS_SEARCH_SLOTS", str(max(1, (os.cpu_count() or 2) // 2))))
# Where the slots are (a lock file each): every process of the machine's servers shares them.
CMS_SEARCH_SLOTS_DIR = VAR_DIR / "search-slots"

# --- Static files: the built admin bundle is served by whitenoise.
FRONTEND_DIST = Path(os.environ.get("FRONTEND_DIST", REPO_DIR / "frontend" / "dist"))
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [("admin", FRONTEND_DIST)] if FRONTEND_DIST.exists() else []
# Serve straight from the finders too, so a fresh build is visible without collectstatic. The build
# writes .br and .gz beside each asset; WhiteNoise sends the smallest one the browser accepts.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# The apps' own files (admin_ui/, site/, ninja/) get hashed names and .br/.gz copies from
# collectstatic (`make run`); the Vite bundle is copied as built (cms/core/static_files.py).
# Uploaded files: the file system (MEDIA_ROOT), or an S3-compatible bucket when CMS_S3_BUCKET is
# set (config/storage_settings.py reads the CMS_S3_* variables).
STORAGES = {
    "default": object_storage_settings(os.environ),
    "staticfiles": {"BACKEND": "cms.core.static_files.HashedStaticFiles"},
}
# Source maps are for developer tools only: not worth compressing at every collectstatic.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
# Named by their content, so cached for ever: Vite's `assets/name-HASH.ext` under admin/, and the
# `name.HASH.ext` collectstatic writes for everything else (e.g. admin_ui/base.0123456789ab.css).
WHITENOISE_IMMUTABLE_FILE_TEST = (
    rf"^{re.escape(urlsplit(STATIC_URL).path)}"
    r"(?:admin/assets/[^/]+-[\w-]{8,}\.[^/]+|(?!admin/)(?:[^/]+/)*[^/]+\.[0-9a-f]{12}\.[^/]+)$"
)

# --- Uploaded files: the Django storage API, on the file system by default.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
# Larger uploads are written here while they arrive: a folder of our own, beside MEDIA_ROOT by
# default (so storing one is a rename), swept of files a killed worker left (cms.core.uploads).
FILE_UPLOAD_TEMP_DIR = Path(os.environ.get("FILE_UPLOAD_TEMP_DIR", VAR_DIR / "uploads"))
FILE_UPLOAD_TEMP_DIR.mkdir(parents=True, exist_ok=True)
# The most bytes one uploaded file may have; a larger upload is refused before it is read
# (cms.core.uploads, which maps each upload path to its limit).
CMS_IMAGE_MAX_UPLOAD_BYTES = int(os.environ.get("CMS_IMAGE_MAX_UPLOAD_BYTES", 50 * 1024 * 1024))
CMS_ATTACHMENT_MAX_UPLOAD_BYTES = int(os.environ.get("CMS_ATTACHMENT_MAX_UPLOAD_BYTES", 100 * 1024 * 1024))
# The most rows a site archive may hold, in one table and in all (manage.py import_site): what it
# declares bounds what the import reads before it writes (cms/portability/checking.py).
CMS_IMPORT_MAX_TABLE_ROWS = int(os.environ.get("CMS_IMPORT_MAX_TABLE_ROWS", 10_000_000))
CMS_IMPORT_MAX_ROWS = int(os.environ.get("CMS_IMPORT_MAX_ROWS", 50_000_000))

# Logs: JSON lines on standard error, each with the id of the request it was written for (the
# X-Request-ID answered), so the id a server error shows the editor finds its traceback; one line
# per answered request on `cms.access` (cms/core/log_lines.py). LOG_FORMAT=text for a terminal.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json")
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "cms.core.request_id.RequestIdFilter"},
        "secret_paths": {"()": "cms.core.log_lines.SecretPathFilter"},
        "client_fault": {"()": "cms.core.request_limits.ClientFaultLogFilter"},
    },
    "formatters": {
        "json": {"()": "cms.core.log_lines.JsonLineFormatter"},
        "text": {"format": "%(levelname)s [%(request_id)s] %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id", "secret_paths"],
            "formatter": "text" if LOG_FORMAT == "text" else "json",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "cms.access": {"level": "INFO" if env_flag("CMS_ACCESS_LOG", default=True) else "WARNING"},
        # Bodies too large, too many fields: the sender's fault, a warning of one line (cms.core.request_limits).
        **{
            f"django.security.{fault}": {"filters": ["client_fault"]}
            for fault in ("RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")
        },
    },
}
