"""Editors' rights (issue 13): grants hold for subtrees, every write checks them on the server,
and every answer's `permissions` is what the caller holds on that page."""

import json

import pytest
from django.contrib.auth import get_user_model

from cms.pages.models import Page, PageGrant, Status
from cms.pages.rights import rights_of
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update


@pytest.fixture
def site(make_page):
    """about (about/team/staff) and news, made by an administrator."""
    about = make_page("About")
    team = make_page("Team", parent=about)
    staff = make_page("Staff", parent=team)
    news = make_page("News")
    return {"about": about, "team": team, "staff": staff, "news": news}


def grant(user, page, *permissions):
    PageGrant.objects.update_or_create(
        user=user, page=page, defaults={"edit": "edit" in permissions, "create": "create" in permissions}
    )


def permissions_in_tree(api):
    return {page["id"]: page["permissions"] for page in api.get("/admin/en/pages.json").json()}


def test_a_grant_holds_below_the_page_even_for_pages_made_or_moved_there_later(site, editor, admin_user):
    grant(editor, site["about"], "edit")
    rights = rights_of(editor)
    assert rights.on([site["about"].pk, site["team"].pk, site["staff"].pk]) == ["edit"]
    assert rights.on([site["news"].pk]) == []
    later = page_create(
        actor=admin_user,
        locale="en",
        changes=PageChanges.from_payload({"name": "Later", "parent_page_id": site["staff"].pk}),
    )
    page_move(actor=admin_user, page_id=site["news"].pk, parent_id=site["team"].pk, position=1)
    page_update(
        actor=editor, page_id=later.pk, locale="en", changes=PageChanges.from_payload({"name": "Changed by the editor"})
    )
    page_update(
        actor=editor, page_id=site["news"].pk, locale="en", changes=PageChanges.from_payload({"name": "Moved in"})
    )


def test_revoking_takes_the_right_away(site, editor, editor_api, admin_user, api):
    answer = api.post(
        "/admin/grants.json",
        {
            "user_id": editor.pk,
            "page_ids": f"{site['about'].pk},root",
            "permissions": ["edit", "create"],
            "action": "grant",
        },
    )
    assert answer.status_code == 200
    assert answer.json() == [
        {"page_id": None, "permissions": ["edit", "create"]},
        {"page_id": site["about"].pk, "permissions": ["edit", "create"]},
    ]
    revoked = api.post(
        "/admin/grants.json",
        {"user_id": editor.pk, "page_ids": "root", "permissions": ["edit", "create"], "action": "revoke"},
    )
    assert revoked.json() == [{"page_id": site["about"].pk, "permissions": ["edit", "create"]}]
    held = permissions_in_tree(editor_api)
    assert held[site["staff"].pk] == ["edit", "create"]
    assert held[site["news"].pk] == []
    assert api.get(f"/admin/grants.json?user_id={editor.pk}").json() == revoked.json()


def test_answers_carry_what_the_caller_holds(site, editor, editor_api, api):
    grant(editor, site["team"], "create")
    held = permissions_in_tree(editor_api)
    assert held == {
        site["about"].pk: [], site["team"].pk: ["create"], site["staff"].pk: ["create"], site["news"].pk: [],
    }  # fmt: skip
    assert permissions_in_tree(api)[site["news"].pk] == ["edit", "create"]  # an administrator holds everything
    children = editor_api.get(f"/admin/en/pages.json?parent_id={site['team'].pk}").json()
    assert [page["permissions"] for page in children] == [["create"]]
    assert editor_api.get(f"/admin/en/pages/{site['about'].pk}.json").json()["permissions"] == []


def test_the_cached_tree_gives_each_reader_their_own_rights(site, editor, editor_api, api, settings, tmp_path):
    settings.CACHES = {"default": {"BACKEND": "cms.core.cache.FileCache", "LOCATION": str(tmp_path)}}
    grant(editor, site["team"], "edit")
    assert permissions_in_tree(api)[site["team"].pk] == ["edit", "create"]
    held = permissions_in_tree(editor_api)
    assert held[site["team"].pk] == ["edit"]
    assert held[site["about"].pk] == []
    assert permissions_in_tree(api)[site["about"].pk] == ["edit", "create"]


# Each write call, what it needs, and the grant that allows it. Refused: 403 and nothing changed.
def calls(site):
    about, team, staff, news = (site[name].pk for name in ("about", "team", "staff", "news"))
    page, pages, move = f"/admin/en/pages/{staff}.json", "/admin/en/pages.json", f"/admin/en/pages/{staff}/move.json"
    return [
        ("rename", "put", page, {"page": {"name": "Renamed"}}, (team, "edit")),
        ("publish", "put", page, {"page": {"status": 2}}, (staff, "edit")),
        ("delete", "put", page, {"page": {"status": Status.DELETED}}, (about, "edit")),
        ("links", "put", page, {"page": {"page_images_attributes": []}}, (staff, "edit")),
        ("create a child", "post", pages, {"page": {"name": "Child", "parent_page_id": team}}, (team, "create")),
        ("create at the top", "post", pages, {"page": {"name": "Top"}}, (None, "create")),
        ("move", "put", move, {"parent_id": news, "position": 1}, [(staff, "edit"), (news, "create")]),
        ("reparent", "put", page, {"page": {"parent_page_id": news}}, [(staff, "edit"), (news, "create")]),
    ]  # fmt: skip


def snapshot():
    return [
        (page.pk, page.parent_id, page.position, page.status, page.lock_version, page.localizations.count())
        for page in Page.objects.order_by("pk")
    ]


@pytest.mark.parametrize("index", range(8))
def test_every_write_is_refused_without_its_grant_and_accepted_with_it(index, site, editor, editor_api):
    name, method, path, body, needs = calls(site)[index]
    needs = needs if isinstance(needs, list) else [needs]
    page = {None: None, **{p.pk: p for p in site.values()}}
    before = snapshot()
    for missing in range(len(needs)):  # each needed grant alone missing: refused
        PageGrant.objects.all().delete()
        for page_id, permission in needs[:missing] + needs[missing + 1 :]:
            grant(editor, page[page_id], permission)
        refused = getattr(editor_api, method)(path, body)
        assert refused.status_code == 403, (name, refused.content)
        assert "permission" in refused.json()["detail"]
        assert snapshot() == before, name
    PageGrant.objects.all().delete()
    for page_id, permission in needs:
        grant(editor, page[page_id], permission)
    accepted = getattr(editor_api, method)(path, body)
    assert accepted.status_code in (200, 201), (name, accepted.content)


def test_the_wrong_right_is_no_right(site, editor, editor_api):
    grant(editor, site["staff"], "create")  # create, not edit
    assert editor_api.put(f"/admin/en/pages/{site['staff'].pk}.json", {"page": {"name": "No"}}).status_code == 403
    grant(editor, site["team"], "edit")  # edit, not create
    post = editor_api.post("/admin/en/pages.json", {"page": {"name": "No", "parent_page_id": site["news"].pk}})
    assert post.status_code == 403


def test_only_administrators_change_grants(site, editor, editor_api):
    grant(editor, None, "edit", "create")  # even an editor who may edit everything
    body = {"user_id": editor.pk, "page_ids": "root", "permissions": ["edit"], "action": "revoke"}
    assert editor_api.post("/admin/grants.json", body).status_code == 403
    assert PageGrant.objects.get(user=editor).edit


@pytest.mark.parametrize(
    ("body", "attribute"),
    [
        ({"page_ids": "", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "1,,2", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "12;15", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "-1", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "99999999999999999999999", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "٣", "permissions": ["edit"], "action": "grant"}, "page_ids"),  # an Arabic-Indic digit
        ({"page_ids": "root\x00", "permissions": ["edit"], "action": "grant"}, "page_ids"),
        ({"page_ids": "987654", "permissions": ["edit"], "action": "grant"}, "page_ids"),  # no such page
        ({"page_ids": "root", "permissions": [], "action": "grant"}, "permissions"),
        ({"page_ids": "root", "permissions": ["publish"], "action": "grant"}, "permissions"),
        ({"page_ids": "root", "permissions": ["edit"], "action": "give"}, "action"),
        ({"page_ids": ["root"], "permissions": ["edit"], "action": "grant"}, "page_ids"),
    ],
)
def test_careless_grant_changes_are_refused_and_change_nothing(body, attribute, site, editor, api):
    answer = api.post("/admin/grants.json", {"user_id": editor.pk, **body})
    assert answer.status_code == 422, answer.content
    assert attribute in json.dumps(answer.json()["errors"])
    assert not PageGrant.objects.exists()


def test_grants_name_an_existing_editor(site, api, editor):
    outsider = get_user_model().objects.create_user("visitor", password="visitor-pass-1")  # not staff
    for user_id in (outsider.pk, 987654):
        body = {"user_id": user_id, "page_ids": "root", "permissions": ["edit"], "action": "grant"}
        assert api.post("/admin/grants.json", body).status_code == 422
    assert api.get("/admin/grants.json?user_id=987654").status_code == 404
    assert api.get("/admin/grants.json?user_id=abc").status_code == 422


def test_a_check_costs_at_most_one_query(site, editor, django_assert_max_num_queries):
    from cms.pages.rights import holds

    grant(editor, site["about"], "edit")
    with django_assert_max_num_queries(1):
        assert holds(editor, "edit", site["staff"].pk)
    with django_assert_max_num_queries(1):
        assert not holds(editor, "create", None)


def test_changing_an_image_or_file_needs_edit_on_a_page_using_it(site, editor, editor_api, api):
    from cms.media.models import Attachment, Image

    admin = get_user_model().objects.create_superuser("boss", "boss@example.com", "secret-pass-1")
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf")
    alt = {"image": {"alternative": {"en": "Changed"}}}
    name = {"attachment": {"name": {"en": "Changed"}}}
    # Used by no page: any editor may.
    assert editor_api.put(f"/admin/images/{image.pk}.json", alt).status_code == 200
    links = {
        "page_images_attributes": [{"image_id": image.pk}],
        "page_files_attributes": [{"attachment_id": attachment.pk}],
    }
    page_update(actor=admin, page_id=site["news"].pk, locale="en", changes=PageChanges.from_payload(links))
    refused = editor_api.put(f"/admin/images/{image.pk}.json", {"image": {"alternative": {"en": "Mine"}}})
    assert refused.status_code == 403
    assert editor_api.put(f"/admin/attachments/{attachment.pk}.json", name).status_code == 403
    assert Image.objects.get(pk=image.pk).alternative == {"en": "Changed"}
    assert Attachment.objects.get(pk=attachment.pk).name == {}
    grant(editor, site["news"], "edit")
    assert (
        editor_api.put(f"/admin/images/{image.pk}.json", {"image": {"alternative": {"en": "Mine"}}}).status_code == 200
    )
    assert editor_api.put(f"/admin/attachments/{attachment.pk}.json", name).status_code == 200


def test_people_grants_and_the_log_are_for_administrators_only(editor, editor_api):
    for path in ("/admin/users.json", f"/admin/grants.json?user_id={editor.pk}", "/admin/audit.json"):
        answer = editor_api.get(path)
        assert answer.status_code == 403, path
        assert "administrators" in answer.json()["detail"].lower()


def test_held_sets_are_the_same_in_any_order_of_the_pages():
    """Siblings share their parent's set; the answer must not depend on pages coming grouped."""
    import random

    from cms.accounts.permissions import CREATE, EDIT
    from cms.pages.rights import Rights

    randomness = random.Random(8)
    parents: dict[int, int | None] = {}
    for page_id in range(1, 400):
        parents[page_id] = randomness.choice([None, *range(1, page_id)])
    grants = {None: frozenset({CREATE}), 7: frozenset({EDIT}), 30: frozenset({EDIT, CREATE}), 31: frozenset({EDIT})}
    reader = Rights(everything=False, grants=grants)

    def walked(page_id):  # the rule itself, one page at a time: the root's, then each page's own on the way down
        held, step = set(grants[None]), page_id
        while step is not None:
            held |= grants.get(step, frozenset())
            step = parents[step]
        return frozenset(held)

    expected = {page_id: walked(page_id) for page_id in parents}
    grouped = dict(sorted(parents.items(), key=lambda item: (item[1] or 0, item[0])))
    shuffled = list(parents.items())
    randomness.shuffle(shuffled)
    assert reader.held_sets(grouped) == expected
    assert reader.held_sets(dict(shuffled)) == expected
    assert {held for held in expected.values()} >= {frozenset({CREATE}), frozenset({EDIT, CREATE})}
