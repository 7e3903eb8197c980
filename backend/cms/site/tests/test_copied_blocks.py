"""A block whose text is a copy of another locale's is shown in that locale's language and
direction (issue 28, item 6), as the fallback rule shows an untranslated one."""


def test_a_copied_block_keeps_its_sources_language_and_direction(visitor, published, translate):
    page = published("About", path_segment="about", body="Membership is free.", intro="Welcome")
    translate(page, "ar", name="من نحن", path_segment="من", body="Membership is free.", intro="أهلا")
    html = visitor.get("/ar/من").content.decode()
    assert '<div class="prose" lang="en" dir="ltr"><p>Membership is free.</p>' in html
    assert 'lang="en" dir="ltr">أهلا' not in html and "أهلا" in html


def test_a_copy_edited_into_a_translation_is_the_pages_own_language(visitor, published, translate):
    page = published("About", path_segment="about", body="Membership is free.")
    translate(page, "ar", name="من نحن", path_segment="من", body="Membership is free.")
    translate(page, "ar", body="العضوية مجانية.")
    html = visitor.get("/ar/من").content.decode()
    assert '<div class="prose"><p>العضوية مجانية.</p>' in html


def test_a_copy_from_norwegian_is_marked_norwegian(visitor, published, translate):
    page = published("About", path_segment="about", body="Membership is free.")
    translate(page, "nb", name="Om oss", path_segment="om", body="Medlemskap er gratis.")
    translate(page, "ar", name="من نحن", path_segment="من", body="Medlemskap er gratis.")
    html = visitor.get("/ar/من").content.decode()
    assert '<div class="prose" lang="nb" dir="ltr"><p>Medlemskap er gratis.</p>' in html


def test_a_copy_kept_as_the_translation_is_shown_as_the_pages_language(visitor, published, translate, admin_user):
    from cms.pages.models import Page
    from cms.pages.translations.checking import mark_checked

    page = published("About", path_segment="about", body="Membership is free.")
    translate(page, "ar", name="من نحن", path_segment="من", body="Membership is free.")
    assert 'lang="en" dir="ltr"><p>Membership is free.' in visitor.get("/ar/من").content.decode()
    version = Page.objects.get(pk=page.pk).lock_version
    mark_checked(actor=admin_user, page_id=page.pk, locale="ar", lock_version=version, blocks=["body"])
    assert '<div class="prose"><p>Membership is free.</p>' in visitor.get("/ar/من").content.decode()
