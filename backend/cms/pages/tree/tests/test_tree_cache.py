"""The whole tree in the shared cache (issue 8, item 2): the same for every user, and after any
committed change the next read equals a read without the cache, rebuilding only what changed."""

import pickle

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction

from cms.core.json import dumps
from cms.media.models import Attachment, Image
from cms.pages import read_model
from cms.pages.models import Page, PageImage, Status, Tag
from cms.pages.read_model import tree_answers
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.tree import cache as tree_cache
from cms.pages.tree import changes as tree_changes

pytestmark = pytest.mark.django_db(transaction=True)  # invalidation happens on commit


@pytest.fixture
def shared_cache(settings, tmp_path):
    """A cache every process shares: the project's file cache (Redis in production)."""
    settings.CACHES = {"default": {"BACKEND": "cms.core.cache.FileCache", "LOCATION": str(tmp_path)}}
    cache.clear()
    return cache


@pytest.fixture
def builds(monkeypatch):
    """Records which pages each read rebuilds (None: all of them)."""
    calls: list[list[int] | None] = []
    build = tree_answers.fragments

    def counting(page_ids, parents, *, locale):
        calls.append(None if page_ids is None else sorted(page_ids))
        return build(page_ids, parents, locale=locale)

    monkeypatch.setattr(tree_answers, "fragments", counting)
    return calls


def cached_tree(user) -> list[dict]:
    return orjson.loads(read_model.tree_json(locale="en", user=user))


def uncached_tree(user) -> list[dict]:
    """The tree read without the cache, as the API writes it (dates as text)."""
    return orjson.loads(dumps(read_model.tree_records(locale="en", user=user)))


def test_the_cache_holds_nobodys_permissions(shared_cache, site, admin_user):
    visitor = get_user_model().objects.create_user("visitor", password="x")  # not staff: holds nothing
    assert {tuple(r["permissions"]) for r in cached_tree(admin_user)} == {("edit", "create")}
    assert {tuple(r["permissions"]) for r in cached_tree(visitor)} == {()}
    stored = [shared_cache.get(key) for key in _tree_keys(shared_cache)]
    assert stored, "the tree was cached"
    for entry in stored:
        assert b'"permissions"' not in pickle.dumps(entry)


def _tree_keys(shared_cache):
    current = tree_cache.generation()
    entry = shared_cache.get(tree_cache._key("en", current))
    return [tree_cache._key("en", current), tree_cache._key("en", f"base:{entry.base_id}")]


def _rename_image(image):
    image.filename = "renamed.png"
    image.save()


def _rename_attachment(attachment):
    attachment.name = {"en": "Renamed guide"}
    attachment.save()


def _rename_tag(name):
    tag = Tag.objects.get(name=name)
    tag.name = "Renamed tag"
    tag.save()


def _drop_image_links(page):
    links = [{"id": link.pk, "_destroy": True} for link in PageImage.objects.filter(page=page)]
    return {"page_images_attributes": links}


CHANGES = {
    "name": lambda s, user: page_update(
        actor=user, page_id=s["leaf"].pk, locale="en", changes=PageChanges.from_payload({"name": "Renamed"})
    ),
    "ancestor's path segment": lambda s, user: page_update(
        actor=user, page_id=s["middle"].pk, locale="en", changes=PageChanges.from_payload({"path_segment": "centre"})
    ),
    "ancestor's name": lambda s, user: page_update(
        actor=user, page_id=s["top"].pk, locale="en", changes=PageChanges.from_payload({"name": "Summit"})
    ),
    "tags": lambda s, user: page_update(
        actor=user,
        page_id=s["leaf"].pk,
        locale="en",
        changes=PageChanges.from_payload({"serialized_tags": '["Fresh"]'}),
    ),
    "image links": lambda s, user: page_update(
        actor=user, page_id=s["leaf"].pk, locale="en", changes=PageChanges.from_payload(_drop_image_links(s["leaf"]))
    ),
    "status (the parent's child count)": lambda s, user: page_update(
        actor=user, page_id=s["leaf"].pk, locale="en", changes=PageChanges.from_payload({"status": Status.DELETED})
    ),
    "a move (positions, counts, ancestors, urls)": lambda s, user: page_move(
        actor=user, page_id=s["middle"].pk, parent_id=s["other"].pk, position=1
    ),
    "a move among siblings": lambda s, user: page_move(actor=user, page_id=s["other"].pk, parent_id=None, position=1),
    "a new page": lambda s, user: page_create(
        actor=user, locale="en", changes=PageChanges.from_payload({"name": "New", "parent_page_id": s["leaf"].pk})
    ),
    "an image's filename": lambda s, user: _rename_image(s["image"]),
    "an attachment's name": lambda s, user: _rename_attachment(s["attachment"]),
    "a tag's name": lambda s, user: _rename_tag("News"),
    "a deleted image (meta image and links)": lambda s, user: s["image"].delete(),
    "a deleted attachment": lambda s, user: s["attachment"].delete(),
    "a deleted author": lambda s, user: get_user_model().objects.filter(authored_pages__isnull=False).delete(),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_the_next_read_after_a_committed_change_equals_a_read_without_the_cache(change, shared_cache, site, admin_user):
    before = cached_tree(admin_user)
    assert before == uncached_tree(admin_user)
    CHANGES[change](site, admin_user)
    after = cached_tree(admin_user)
    assert after != before, "the change shows in the tree"
    assert after == uncached_tree(admin_user)


def test_a_save_rebuilds_only_the_saved_page(shared_cache, site, admin_user, builds):
    cached_tree(admin_user)
    assert builds == [None]  # the first read builds everything
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"body": "Changed"})
    )
    cached_tree(admin_user)
    cached_tree(admin_user)  # no change in between: read from the cache
    assert builds == [None, [site["leaf"].pk]]


def test_a_rename_rebuilds_the_page_and_its_descendants(shared_cache, site, admin_user, builds, monkeypatch):
    monkeypatch.setattr(tree_cache, "FULL_REBUILD_SHARE", 1)  # half of this small tree: rebuilt one by one
    cached_tree(admin_user)
    page_update(
        actor=admin_user,
        page_id=site["middle"].pk,
        locale="en",
        changes=PageChanges.from_payload({"path_segment": "centre"}),
    )
    cached_tree(admin_user)
    assert builds[-1] == sorted([site["middle"].pk, site["leaf"].pk])


def test_pages_rebuilt_since_the_base_stay_rebuilt(shared_cache, site, admin_user, builds):
    cached_tree(admin_user)
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"body": "One"})
    )
    cached_tree(admin_user)
    page_update(
        actor=admin_user, page_id=site["other"].pk, locale="en", changes=PageChanges.from_payload({"body": "Two"})
    )
    assert cached_tree(admin_user) == uncached_tree(admin_user)
    assert builds == [None, [site["leaf"].pk], [site["other"].pk]]


def test_many_rebuilt_pages_are_folded_into_a_new_base(shared_cache, site, admin_user, monkeypatch):
    monkeypatch.setattr(tree_cache, "MAX_OVERLAY", 1)
    cached_tree(admin_user)
    first_base = shared_cache.get(tree_cache._key("en", "base"))
    page_update(
        actor=admin_user, page_id=site["top"].pk, locale="en", changes=PageChanges.from_payload({"name": "Summit"})
    )
    assert cached_tree(admin_user) == uncached_tree(admin_user)
    assert shared_cache.get(tree_cache._key("en", "base")) != first_base
    assert shared_cache.get(tree_cache._key("en", f"base:{first_base}")) is None  # one base per locale


def as_another_process():
    """Forget what this process holds in memory, as a newly started worker would."""
    tree_cache.forget_process_memory()


def test_a_lost_base_is_rebuilt(shared_cache, site, admin_user, builds):
    cached_tree(admin_user)
    shared_cache.delete(tree_cache._key("en", f"base:{shared_cache.get(tree_cache._key('en', 'base'))}"))
    as_another_process()
    assert cached_tree(admin_user) == uncached_tree(admin_user)
    assert builds == [None, None]


def test_another_process_reads_what_this_one_built(shared_cache, site, admin_user, builds):
    cached_tree(admin_user)
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"body": "Changed"})
    )
    cached_tree(admin_user)
    as_another_process()
    assert cached_tree(admin_user) == uncached_tree(admin_user)
    assert builds == [None, [site["leaf"].pk]]


def test_a_change_made_by_another_process_is_read(shared_cache, site, admin_user):
    cached_tree(admin_user)
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"name": "Elsewhere"})
    )
    # This process's memory holds the old answer; the shared generation says it is old.
    assert {r["id"]: r for r in cached_tree(admin_user)}[site["leaf"].pk]["blocks"]["name"]["en"] == "Elsewhere"


def test_a_cache_emptied_while_running_never_serves_an_older_tree(shared_cache, site, admin_user):
    cached_tree(admin_user)
    shared_cache.clear()  # counters start again; this process still holds the old answer
    with transaction.atomic():
        Page.objects.filter(pk=site["other"].pk).update(template="news")
        tree_cache.invalidate_on_commit(everything=True)
    assert {r["id"]: r["template"] for r in cached_tree(admin_user)}[site["other"].pk] == "news"


def test_bulk_writes_that_reuse_ids_forget_every_fragment(shared_cache, site, admin_user):
    """The bench and the demo write rows directly; a new page with an old id, position and
    version must not be served the old page's record."""
    cached_tree(admin_user)
    with transaction.atomic():
        Page.objects.filter(pk=site["other"].pk).update(template="news")  # no version changes
        tree_cache.invalidate_on_commit(everything=True)
    assert {r["id"]: r["template"] for r in cached_tree(admin_user)}[site["other"].pk] == "news"


def test_each_locale_is_cached_apart(shared_cache, site, admin_user):
    english = cached_tree(admin_user)
    norwegian = orjson.loads(read_model.tree_json(locale="nb", user=admin_user))
    assert {r["locale"] for r in english} == {"en"}
    assert {r["locale"] for r in norwegian} == {"nb"}


def test_an_image_upload_rebuilds_nothing(shared_cache, site, admin_user, builds):
    cached_tree(admin_user)
    Image.objects.create(file="images/b.png", filename="b.png", content_type="image/png", real_width=1, real_height=1)
    Attachment.objects.create(file="attachments/b.pdf", filename="b.pdf", content_type="application/pdf")
    cached_tree(admin_user)
    assert builds == [None]


def _row(page_id, parent, position, status=Status.PUBLISHED, versions=0):
    """A tree_changes.KeyRow."""
    return (page_id, parent, position * 8 + status, versions)


# 1 > 2 > 3, and 4 beside 1.
ROWS = [_row(1, None, 1), _row(4, None, 2), _row(2, 1, 1), _row(3, 2, 1)]


def _with(*changed):
    rows = {row[0]: row for row in ROWS}
    for row in changed:
        if len(row) == 1:
            del rows[row[0]]
        else:
            rows[row[0]] = row
    return sorted(rows.values(), key=lambda row: (row[1] or 0, row[2] >> 3, row[0]))


@pytest.mark.parametrize(
    ("after", "rebuilt", "same_shape"),
    [
        (ROWS, set(), True),
        (_with(_row(3, 2, 1, versions=1)), {3}, True),  # a save of the leaf
        (_with(_row(2, 1, 1, versions=1)), {2, 3}, True),  # a save above: its descendants show its name
        (_with(_row(1, None, 1, versions=1)), {1, 2, 3}, True),  # its links or children changed
        (_with(_row(3, 2, 1, Status.DELETED, 1), _row(2, 1, 1, versions=1)), {2, 3}, True),  # one child less
        (_with(_row(3, 2, 1, Status.DELETED)), {2, 3}, True),  # (even if no version moved)
        (_with(_row(3, 4, 1, versions=1), _row(2, 1, 1, versions=1), _row(4, None, 2, versions=1)), {2, 3, 4}, False),
        (
            _with(_row(2, 4, 1, versions=1), _row(1, None, 1, versions=1), _row(4, None, 2, versions=1)),
            {1, 2, 3, 4},
            False,
        ),  # a move of a page with children
        (_with(_row(4, None, 1, versions=1), _row(1, None, 2, versions=1)), {1, 2, 3, 4}, False),  # siblings swap
        (_with(_row(5, 3, 1, Status.DRAFT), _row(3, 2, 1, versions=1)), {3, 5}, False),  # a new page
        (_with((3,), _row(2, 1, 1, versions=1)), {2}, False),  # a page gone
    ],
)
def test_the_pages_rebuilt_after_a_change_of_rows(after, rebuilt, same_shape):
    """Comparing two generations' rows finds the pages whose records may differ: their own row,
    their children's number, their ancestors' texts or places (tree_changes.changed)."""
    change = tree_changes.changed(ROWS, after)
    children: dict = {}
    for page_id, parent, *_ in after:
        children.setdefault(parent, []).append(page_id)
    assert change.stale(children) == rebuilt
    assert change.same_shape == same_shape


def test_a_change_committed_while_a_record_is_built_is_never_served_later(shared_cache, site, admin_user, monkeypatch):
    """A write that commits between the key read and the build stores new content under an old
    key; keys never come back to an earlier value, so that record is never read again (a child
    made during the build and deleted afterwards once left its parent's count wrong for good)."""
    cached_tree(admin_user)
    # Its record is rebuilt at the next read, and a child is made under it meanwhile.
    page_update(
        actor=admin_user, page_id=site["other"].pk, locale="en", changes=PageChanges.from_payload({"body": "Changed"})
    )
    build = tree_answers.fragments
    made = []

    def build_while_a_child_is_made(page_ids, parents, *, locale):
        if not made:
            made.append(
                page_create(
                    actor=admin_user,
                    locale="en",
                    changes=PageChanges.from_payload({"name": "Brief", "parent_page_id": site["other"].pk}),
                )
            )
        return build(page_ids, parents, locale=locale)

    monkeypatch.setattr(tree_answers, "fragments", build_while_a_child_is_made)
    cached_tree(admin_user)
    monkeypatch.setattr(tree_answers, "fragments", build)
    page_update(
        actor=admin_user, page_id=made[0].pk, locale="en", changes=PageChanges.from_payload({"status": Status.DELETED})
    )
    assert cached_tree(admin_user) == uncached_tree(admin_user)


def test_an_editors_rights_follow_a_move_and_a_new_grant(shared_cache, site, admin_user):
    """What an editor holds per page is kept in the process while the tree's shape stays;
    a move changes the shape, and a new grant changes the editor's rights."""
    from cms.pages.models import PageGrant

    editor = get_user_model().objects.create_user("granted", password="x", is_staff=True)
    PageGrant.objects.create(user=editor, page=site["middle"], edit=True, create=False)

    def held(page):
        return {r["id"]: r["permissions"] for r in cached_tree(editor)}[page.pk]

    assert held(site["leaf"]) == ["edit"] and held(site["other"]) == []
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"body": "Saved"})
    )
    assert cached_tree(editor) == uncached_tree(editor)
    page_move(actor=admin_user, page_id=site["leaf"].pk, parent_id=site["other"].pk, position=1)
    assert held(site["leaf"]) == []
    assert cached_tree(editor) == uncached_tree(editor)
    PageGrant.objects.create(user=editor, page=site["other"], edit=True, create=True)
    assert held(site["leaf"]) == ["edit", "create"]
    assert cached_tree(editor) == uncached_tree(editor)


def test_the_first_read_after_a_save_sends_five_statements(shared_cache, site, admin_user, client):
    """The session, then the user with their preferences in one; then the pages' rows, the saved
    page's row, and its texts, links and images in one (its ancestors are known from the rows)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(admin_user)
    assert client.get("/admin/en/pages.json").status_code == 200
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="en", changes=PageChanges.from_payload({"body": "Saved"})
    )
    with CaptureQueriesContext(connection) as statements:
        assert client.get("/admin/en/pages.json").status_code == 200
    sent = [query["sql"] for query in statements.captured_queries]
    assert len(sent) == 5, sent
    assert not any('FROM "accounts_preferences"' in sql or "WITH RECURSIVE" in sql for sql in sent), sent


def test_children_come_from_the_cached_tree_and_equal_a_read_without_it(shared_cache, site, admin_user, builds):
    from cms.pages.models import PageGrant

    editor = get_user_model().objects.create_user("kids", password="x", is_staff=True)
    PageGrant.objects.create(user=editor, page=site["middle"], edit=True, create=False)
    parents = [None, site["top"].pk, site["middle"].pk, site["leaf"].pk, 999_999]

    def uncached(user, asked):
        records = read_model.children_of_records(asked, locale="en", user=user)
        return orjson.loads(dumps(sorted(records, key=lambda r: asked.index(r["parent_page_id"]))))

    def check():
        for user in (admin_user, editor):
            for asked in ([site["middle"].pk], parents, list(reversed(parents))):
                assert orjson.loads(read_model.children_json(asked, locale="en", user=user)) == uncached(user, asked)

    check()
    cached_tree(admin_user)
    builds.clear()
    check()
    assert builds == []  # read from the fragments the tree keeps: nothing rebuilt
    page_update(
        actor=admin_user,
        page_id=site["leaf"].pk,
        locale="en",
        changes=PageChanges.from_payload({"name": "Renamed leaf"}),
    )
    page_move(actor=admin_user, page_id=site["leaf"].pk, parent_id=site["top"].pk, position=1)
    page_create(
        actor=admin_user,
        locale="en",
        changes=PageChanges.from_payload({"name": "New child", "parent_page_id": site["middle"].pk}),
    )
    check()
