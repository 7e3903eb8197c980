"""The site's 404 page (issue 28, item 20): its link to the front page reads as one, in the
address's locale — the home page's name there, else "Home" in that language — never the
language's own name ("English")."""

import re

SITE_NAME = re.compile(r'<a class="site-name" href="([^"]+)">([^<]*)</a>')


def _site_name(html: str) -> tuple[str, str]:
    found = SITE_NAME.search(html)
    assert found, "the page has the site's name linking to the front page"
    return found[1], found[2]


def test_the_404_page_names_the_home_page_in_the_addresss_locale(visitor, published, translate):
    home = published("Welcome", unique_name="home", path_segment="welcome")
    translate(home, "nb", name="Velkommen", path_segment="velkommen")
    for address, expected in (("/en/nowhere", ("/en/", "Welcome")), ("/nb/ingensteds", ("/nb/", "Velkommen"))):
        response = visitor.get(address)
        assert response.status_code == 404
        assert _site_name(response.content.decode()) == expected


def test_without_a_home_page_the_404_page_says_home_in_the_locales_language(visitor, db):
    cases = (
        ("/en/nowhere", "Home", "English"),
        ("/nb/ingensteds", "Forside", "Norsk"),
        ("/ar/x", "الرئيسية", "العربية"),
    )
    for address, home, language in cases:
        html = visitor.get(address).content.decode()
        url, name = _site_name(html)
        assert (url, name) == (address[:4], home)
        assert language not in name
