"""Seed the demo website once: ~30 pages three levels deep in English, Norwegian and Arabic."""

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from cms.pages.models import Page, PageGrant, Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_update

# (en, nb, ar) names; None leaves that locale untranslated on purpose.
Names = tuple[str, str | None, str | None]

LOREM = (
    "Our city library lends books, music and films, and hosts readings, workshops and "
    "exhibitions all year round. **Everyone is welcome**, and membership is free.\n\n"
    "Opening hours vary in the holidays; see the *calendar* for details."
)
NB_LOREM = (
    "Bybiblioteket låner ut bøker, musikk og film, og arrangerer opplesninger, kurs og "
    "utstillinger hele året. **Alle er velkomne**, og medlemskap er gratis."
)
AR_LOREM = "تعير مكتبة المدينة الكتب والموسيقى والأفلام، وتستضيف القراءات وورش العمل والمعارض طوال العام."


class Command(BaseCommand):
    help = "Create the demo pages (only when the database has no pages yet)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="seed even if pages exist")

    def handle(self, *args: Any, **options: Any) -> None:
        if Page.objects.exists() and not options["force"]:
            self.stdout.write("Demo content already present; nothing seeded.")
            return
        with transaction.atomic():
            count = DemoSeeder(author=_demo_author()).seed()
        self.stdout.write(self.style.SUCCESS(f"Seeded {count} demo pages in en, nb and ar."))


def _demo_author() -> Any:
    user, created = get_user_model().objects.get_or_create(
        username="editor",
        defaults={"first_name": "Eva", "last_name": "Editor", "is_staff": True, "email": "editor@example.com"},
    )
    if created:
        user.set_unusable_password()  # an author to pick in the editor, not a login
        user.save()
    # The demo's pages are written as this editor, through the services that check rights.
    PageGrant.objects.update_or_create(user=user, page=None, defaults={"edit": True, "create": True})
    return user


class DemoSeeder:
    def __init__(self, *, author: Any) -> None:
        self.author = author
        self.count = 0
        self.now = timezone.now().replace(minute=0, second=0, microsecond=0)

    def page(
        self,
        names: Names,
        segments: Names,
        *,
        parent: Page | None = None,
        template: str = "page",
        status: int = Status.PUBLISHED,
        blocks: dict[str, str] | None = None,
        translated: dict[str, dict[str, str]] | None = None,
        **fields: Any,
    ) -> Page:
        """Create a page with its English content, then add each translation given."""
        changes: dict[str, Any] = {
            "template": template,
            "status": status,
            "name": names[0],
            "path_segment": segments[0],
            "user_id": self.author.pk,
            "parent_page_id": parent.pk if parent else None,
            **(blocks or {}),
            **fields,
        }
        page = page_create(actor=self.author, locale="en", changes=PageChanges.from_payload(changes))
        for index, locale in ((1, "nb"), (2, "ar")):
            if names[index] is None:
                continue
            local = {"name": names[index], "path_segment": segments[index] or "", **(translated or {}).get(locale, {})}
            page = page_update(
                actor=self.author, page_id=page.pk, locale=locale, changes=PageChanges.from_payload(local)
            )
        self.count += 1
        return page

    def seed(self) -> int:
        home = self.page(
            ("Home", "Forside", "الرئيسية"),
            ("home", "forside", "الرئيسية"),
            template="landing",
            unique_name="home",
            blocks={
                "headline": "Welcome to the city library",
                "body": LOREM,
                "layout": "wide",
                "video_url": "https://vimeo.com/76979871",
            },
            translated={
                "nb": {"headline": "Velkommen til bybiblioteket", "body": NB_LOREM},
                "ar": {"headline": "مرحبا بكم في مكتبة المدينة", "body": AR_LOREM},
            },
        )
        self.about(home)
        self.news()
        self.events()
        self.services()
        self.misc()
        return self.count

    def about(self, home: Page) -> None:
        about = self.page(
            ("About us", "Om oss", "من نحن"),
            ("about", "om-oss", "من-نحن"),
            blocks={"intro": "Who we are and what we do.", "body": LOREM, "layout": "sidebar"},
            translated={
                "nb": {"intro": "Hvem vi er og hva vi gjør.", "body": NB_LOREM},
                "ar": {"intro": "من نحن وماذا نفعل."},
            },
        )
        history = self.page(
            ("History", "Historie", "تاريخنا"),
            ("history", "historie", "تاريخنا"),
            parent=about,
            blocks={"body": "Founded in 1913 in the old customs house."},
            translated={"nb": {"body": "Grunnlagt i 1913 i det gamle tollhuset."}},
        )
        self.page(
            ("The first librarians", "De første bibliotekarene", None),
            ("first-librarians", "forste", None),
            parent=history,
            status=Status.REVIEWED,
            blocks={"body": "Portraits from the archive."},
        )
        self.page(("Staff", "Ansatte", "الموظفون"), ("staff", "ansatte", "الموظفون"), parent=about)
        self.page(
            ("Jobs", "Stillinger", None),
            ("jobs", "stillinger", None),
            parent=about,
            status=Status.HIDDEN,
            blocks={"intro": "No open positions right now."},
        )
        self.page(
            ("Annual report 2025", None, None),
            ("annual-report-2025", None, None),
            parent=about,
            status=Status.DRAFT,
            blocks={"intro": "Draft: figures to be confirmed."},
        )
        self.page(
            ("Old press kit", "Gammelt pressesett", None),
            ("press-kit", "pressesett", None),
            parent=about,
            status=Status.DELETED,
        )
        self.page(
            ("Contact", "Kontakt", "اتصل بنا"),
            ("contact", "kontakt", "اتصل-بنا"),
            parent=home,
            blocks={"body": "Write to post@library.example or call +47 22 00 00 00."},
        )

    def news(self) -> None:
        news = self.page(
            ("News", "Nyheter", "الأخبار"),
            ("news", "nyheter", "الأخبار"),
            template="news_index",
            news_page=True,
            feed_enabled=True,
            blocks={"intro": "What is happening at the library."},
        )
        articles = [
            (
                ("Longer opening hours", "Lengre åpningstider", "ساعات عمل أطول"),
                "longer-hours",
                2,
                True,
                Status.PUBLISHED,
            ),
            (("New reading room", "Nytt lesesal", None), "reading-room", 9, True, Status.PUBLISHED),
            (
                ("Summer reading challenge", "Sommerles", "تحدي القراءة الصيفي"),
                "summer-reading",
                30,
                False,
                Status.PUBLISHED,
            ),
            (("Library app released", "Bibliotekappen er lansert", None), "library-app", 5, False, Status.PUBLISHED),
            (
                ("Closed for the holiday", "Stengt i høytiden", "مغلق خلال العطلة"),
                "holiday-closing",
                1,
                False,
                Status.HIDDEN,
            ),
            (("Board meeting minutes", None, None), "board-minutes", 12, False, Status.REVIEWED),
            (
                ("Upcoming: poetry festival", "Snart: poesifestival", None),
                "poetry-festival",
                -7,
                False,
                Status.PUBLISHED,
            ),
            (("Draft: budget news", None, None), "budget-news", 0, False, Status.DRAFT),
        ]
        for names, segment, days_ago, pinned, status in articles:
            nb_segment = segment + "-nb" if names[1] else None
            ar_segment = segment + "-ar" if names[2] else None
            self.page(
                names,
                (segment, nb_segment, ar_segment),
                parent=news,
                template="article",
                status=status,
                pinned=pinned,
                published_at=self.now - timedelta(days=days_ago),
                serialized_tags='["Opening hours", "Library"]' if pinned else '["Events"]',
                blocks={"intro": f"{names[0]}: the short version.", "body": LOREM, "category": "news"},
                translated={"nb": {"intro": f"{names[1]}: kort fortalt."}},
            )

    def events(self) -> None:
        events = self.page(
            ("Events", "Arrangementer", "الفعاليات"),
            ("events", "arrangementer", "الفعاليات"),
            template="landing",
            blocks={"body": "Readings, workshops and concerts."},
        )
        for offset, names, segment in [
            (3, ("Author talk", "Forfattersamtale", "حديث مع كاتب"), "author-talk"),
            (10, ("Coding club for kids", "Kodeklubb for barn", None), "coding-club"),
            (21, ("Jazz in the stacks", "Jazz mellom hyllene", "جاز بين الرفوف"), "jazz"),
        ]:
            starts = self.now + timedelta(days=offset, hours=18 - self.now.hour)
            self.page(
                names,
                (segment, segment if names[1] else None, segment if names[2] else None),
                parent=events,
                template="event",
                starts_at=starts,
                ends_at=starts + timedelta(hours=2),
                serialized_tags='["Events"]',
                blocks={"location": "Main hall", "intro": "Free entry."},
                translated={"nb": {"location": "Hovedsalen"}},
            )
        self.page(
            ("Book fair", "Bokmesse", None),
            ("book-fair", "bokmesse", None),
            parent=events,
            template="event",
            all_day=True,
            starts_at=self.now + timedelta(days=40),
            ends_at=self.now + timedelta(days=41),
            status=Status.DRAFT,
        )

    def services(self) -> None:
        services = self.page(
            ("Services", "Tjenester", "الخدمات"),
            ("services", "tjenester", "الخدمات"),
            blocks={"intro": "What you can borrow and book."},
        )
        for names, segment in [
            (("Borrowing", "Lån", "الإعارة"), "borrowing"),
            (("Study rooms", "Grupperom", "غرف الدراسة"), "study-rooms"),
            (("Printing and scanning", "Utskrift og skanning", None), "printing"),
            (("E-books", "E-bøker", "الكتب الإلكترونية"), "e-books"),
        ]:
            self.page(
                names,
                (segment, segment + "-nb" if names[1] else None, segment + "-ar" if names[2] else None),
                parent=services,
                blocks={"body": LOREM},
            )

    def misc(self) -> None:
        self.page(
            ("Privacy", "Personvern", "الخصوصية"),
            ("privacy", "personvern", "الخصوصية"),
            skip_index=True,
            blocks={"body": "We store as little as we can."},
        )
        self.page(
            ("Old website", None, None),
            ("old", None, None),
            status=Status.HIDDEN,
            redirect_to="https://archive.example.org/",
        )
