"""Django's own static files are served hashed, compressed and immutable once collected, like the
Vite bundle (issue 18 item 11); before any collectstatic they are served as they are."""

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

VITE_ASSET = "assets/screen-AbCd1234.js"


@pytest.fixture
def collected(tmp_path: Path, settings):
    """collectstatic into a STATIC_ROOT of its own, with a small stand-in for the Vite build."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / VITE_ASSET).write_text("console.log('built by Vite');\n" * 50)
    (dist / f"{VITE_ASSET}.br").write_bytes(b"vite's own brotli")
    root = tmp_path / "static"
    with override_settings(STATIC_ROOT=root, STATICFILES_DIRS=[("admin", dist)]):
        # ninja's Swagger UI is collected like the rest; left out here only to keep the test fast.
        call_command("collectstatic", interactive=False, verbosity=0, ignore_patterns=["ninja/*"])
        yield root


def hashed(html: str, name: str) -> str:
    stem, ext = name.rsplit(".", 1)
    found = re.search(rf'href="(/static/{re.escape(stem)}\.[0-9a-f]{{12}}\.{ext})"', html)
    assert found, f"no hashed {name} in the page"
    return found[1]


def test_collectstatic_writes_hashed_compressed_copies_and_leaves_vites_bundle_as_built(collected):
    names = {str(path.relative_to(collected)) for path in collected.rglob("*") if path.is_file()}
    for own in ("admin_ui/base", "site/site"):
        [copy] = [name for name in names if re.fullmatch(rf"{own}\.[0-9a-f]{{12}}\.css", name)]
        assert {f"{copy}.br", f"{copy}.gz"} <= names
    assert f"admin/{VITE_ASSET}" in names
    assert f"admin/{VITE_ASSET}.br" in names
    assert not [name for name in names if re.fullmatch(r"admin/assets/screen-AbCd1234\.[0-9a-f]{12}\.js", name)]


def test_the_login_pages_css_is_hashed_compressed_and_immutable(collected, db):
    client = Client()  # a new WhiteNoise, which reads the collected files
    address = hashed(client.get("/admin/login/").content.decode(), "admin_ui/base.css")
    response = client.get(address, headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "br"
    assert "immutable" in response["Cache-Control"]
    assert int(re.search(r"max-age=(\d+)", response["Cache-Control"])[1]) >= 365 * 24 * 3600
    gzipped = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert gzipped["Content-Encoding"] == "gzip"


def test_the_vite_bundle_keeps_its_own_names_and_stays_immutable(collected, db):
    from django.templatetags.static import static

    assert static(f"admin/{VITE_ASSET}") == f"/static/admin/{VITE_ASSET}"
    response = Client().get(f"/static/admin/{VITE_ASSET}")
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]


def test_the_public_pages_css_is_hashed(collected, make_page):
    make_page("Home", path_segment="home", status=2)
    html = Client().get("/en/").content.decode()
    assert "immutable" in Client().get(hashed(html, "site/site.css"))["Cache-Control"]


def test_before_any_collectstatic_the_files_are_served_as_they_are(db):
    client = Client()
    assert 'href="/static/admin_ui/base.css"' in client.get("/admin/login/").content.decode()
    response = client.get("/static/admin_ui/base.css")
    assert response.status_code == 200
    assert "immutable" not in response["Cache-Control"]
