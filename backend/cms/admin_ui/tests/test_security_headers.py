"""Every answer under /admin/ is kept out of caches and carries a CSP that no admin page needs to bend."""

from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

import cms.accounts
import cms.admin_ui
from cms.admin_ui.headers import content_security_policy

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
TEMPLATE_DIRS = [Path(cms.admin_ui.__file__).parent / "templates", Path(cms.accounts.__file__).parent / "templates"]


class InlineCode(HTMLParser):
    """Collect what the policy would block: inline scripts, on…= handlers, style attributes and elements."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.found += [f"<{tag} {name}=…>" for name, _ in attrs if name.startswith("on") or name == "style"]
        self.found += [f"<{tag} {name}=javascript:…>" for name, v in attrs if (v or "").startswith("javascript:")]
        if tag == "style":
            self.found.append("<style>")
        # A data block (json_script, Swagger's settings) is not run, so the policy allows it.
        if tag == "script" and "src" not in attributes and attributes.get("type") != "application/json":
            self.found.append("inline <script>")
        if tag in ("script", "link") and (attributes.get("src") or attributes.get("href")):
            self.assets.append(attributes.get("src") or attributes.get("href") or "")


def parse(html: str) -> InlineCode:
    parser = InlineCode()
    parser.feed(html)
    return parser


@pytest.fixture
def admin_pages(browser, make_page) -> dict[str, str]:
    page = make_page("About")
    return {
        "tree": "/admin/en/pages",
        "editor": f"/admin/en/pages/{page.pk}/edit",
        "new page": "/admin/ar/pages/new",
        "account": "/admin/account/",
        "api docs": "/admin/api/docs",
        "not found": "/admin/xx/pages",
    }


def test_every_admin_page_carries_no_store_and_the_policy(browser, admin_pages):
    for name, path in admin_pages.items():
        response = browser.get(path)
        assert response["Cache-Control"] == "no-store", name
        assert response["Content-Security-Policy"] == POLICY, name


def test_the_login_page_carries_no_store_and_the_policy(client, db):
    failed = client.post("/admin/login/", "username=x&password=y", content_type="application/x-www-form-urlencoded")
    for response in (client.get("/admin/login/"), failed):
        assert response["Cache-Control"] == "no-store"
        assert response["Content-Security-Policy"] == POLICY


def test_json_answers_carry_no_store(browser, client, db):
    signed_in = browser.get("/admin/en/pages.json")
    anonymous = client.get("/admin/en/pages.json")
    assert (signed_in.status_code, anonymous.status_code) == (200, 401)
    assert signed_in["Cache-Control"] == anonymous["Cache-Control"] == "no-store"


def test_static_files_keep_their_own_caching(client):
    response = client.get("/static/admin_ui/base.css")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")
    assert "Content-Security-Policy" not in response


def test_admin_pages_have_no_inline_script_handler_or_style(browser, admin_pages, client):
    non_staff = get_user_model().objects.create_user("visitor", password="visitor-pass-1")
    forbidden = Client()
    forbidden.force_login(non_staff)
    rendered = {
        "login": client.get("/admin/login/"),
        "forbidden": forbidden.get("/admin/en/pages"),
        **{name: browser.get(path) for name, path in admin_pages.items()},
    }
    for name, response in rendered.items():
        assert parse(response.content.decode()).found == [], name


def test_admin_templates_have_no_inline_script_handler_or_style():
    templates = [path for directory in TEMPLATE_DIRS for path in directory.rglob("*.html")]
    assert len(templates) >= 6
    for template in templates:
        assert parse(template.read_text()).found == [], template.name


def test_api_docs_load_swagger_from_our_static_files(browser, client):
    response = browser.get("/admin/api/docs")
    assert response.status_code == 200
    assets = parse(response.content.decode()).assets
    assert "/static/ninja/swagger-ui-bundle.js" in assets and "/static/ninja/swagger-ui-init.js" in assets
    for asset in assets:
        assert asset.startswith("/static/"), asset  # never a CDN: no http(s):// or //host address
        assert client.get(asset).status_code == 200, asset


@pytest.mark.parametrize(
    ("static_url", "media_url", "sources"),
    [
        ("/static/", "/media/", {"script-src": "'self'", "img-src": "'self' data: blob:"}),
        (
            "https://cdn.example.org/static/",
            "https://files.example.org/media/",
            {
                "script-src": "'self' https://cdn.example.org",
                "style-src": "'self' https://cdn.example.org",
                "font-src": "'self' https://cdn.example.org",
                "img-src": "'self' https://cdn.example.org https://files.example.org data: blob:",
                "connect-src": "'self'",
            },
        ),
    ],
)
def test_the_policy_allows_static_files_and_uploads_on_another_host(static_url, media_url, sources):
    policy = content_security_policy(static_url=static_url, media_url=media_url)
    directives = dict(directive.split(" ", 1) for directive in policy.split("; "))
    assert {name: directives[name] for name in sources} == sources
