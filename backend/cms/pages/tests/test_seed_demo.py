"""The demo content covers what the admin needs to show (issue 2, item 3)."""

from django.core.management import call_command

from cms.pages.models import Page, PageLocalization, Status


def depth(page: Page, parents: dict[int, int | None]) -> int:
    level, node = 1, page.parent_id
    while node is not None:
        level, node = level + 1, parents[node]
    return level


def test_seed_demo_creates_the_demo_site_once(db):
    call_command("seed_demo")
    count = Page.objects.count()
    assert 25 <= count <= 40
    call_command("seed_demo")
    assert Page.objects.count() == count

    parents = dict(Page.objects.values_list("pk", "parent_id"))
    assert max(depth(p, parents) for p in Page.objects.all()) == 3
    assert set(Page.objects.values_list("status", flat=True)) == set(Status.values)
    news = Page.objects.get(news_page=True)
    children = Page.objects.filter(parent=news)
    assert children.filter(pinned=True).exists() and children.filter(pinned=False).exists()
    assert len(set(children.values_list("published_at", flat=True))) == children.count()
    assert set(PageLocalization.objects.values_list("locale", flat=True)) == {"en", "nb", "ar"}
    # Some content is deliberately left untranslated.
    english = PageLocalization.objects.filter(locale="en").count()
    assert PageLocalization.objects.filter(locale="ar").count() < english
    assert Page.objects.filter(template="event").exclude(starts_at=None).exists()


def test_migrations_are_current(db):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
