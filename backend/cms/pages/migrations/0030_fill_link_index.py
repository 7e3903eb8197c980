from django.db import migrations


def index_the_links_of_every_page(apps, schema_editor):
    # A site upgraded to the link index has pages whose texts link already: without their rows,
    # "linked from" says nobody, a move rewrites nothing and a dead link keeps its href. What
    # counts as a link is the running code's rule (cms.pages.text_links), so the rows are
    # written by it, as every later save writes them; batches keep the memory flat.
    from cms.pages.text_links.index import rebuild

    rebuild()


class Migration(migrations.Migration):
    dependencies = [("pages", "0029_review_locales")]

    operations = [migrations.RunPython(index_the_links_of_every_page, migrations.RunPython.noop, elidable=True)]
