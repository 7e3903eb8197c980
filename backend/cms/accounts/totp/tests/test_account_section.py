"""The account page's "Two-step sign-in" section (accounts/_two_factor.html)."""

from typing import Any

from django.test import Client

from cms.accounts.totp.tests.conftest import turn_on
from conftest import JsonClient


def page(api: JsonClient) -> str:
    answer = api.client.get("/admin/account/")
    assert answer.status_code == 200
    return str(answer.content.decode())


def test_off_offers_the_set_up(carol_api: JsonClient) -> None:
    html = page(carol_api)
    assert 'data-tab-panel="two-factor"' in html and "data-two-factor-start" in html
    assert "<svg" not in html


def test_a_started_set_up_shows_the_qr_code_and_the_secret(carol_api: JsonClient) -> None:
    secret = carol_api.post("/admin/account/two_factor.json", {}).json()["secret"]
    html = page(carol_api)
    assert secret in html
    assert "<svg" in html and "<script>" not in html  # drawn by the server; no inline script
    assert "data-two-factor-confirm" in html


def test_on_shows_the_codes_left_and_the_turn_off(carol_api: JsonClient) -> None:
    secret, codes = turn_on(carol_api)
    html = page(carol_api)
    assert "10 recovery codes left." in html and "data-two-factor-off" in html
    assert secret not in html and codes[0] not in html  # shown once, never again


def test_the_section_speaks_norwegian(carol_api: JsonClient, carol: Any) -> None:
    from cms.accounts.languages import set_interface_language

    set_interface_language(carol, "nb")
    client = Client()
    client.force_login(carol)
    assert "Sett opp totrinnspålogging" in client.get("/admin/account/").content.decode()
