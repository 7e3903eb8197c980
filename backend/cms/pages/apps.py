from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "cms.pages"
    label = "pages"

    def ready(self) -> None:
        # Read and validate the templates file at start, so a mistake in it stops the server
        # with a clear message instead of failing on the first request that needs it.
        from cms.pages.templates_registry import registry

        registry()
        self._forget_cached_pages_when_media_change()
        self._tell_media_which_pages_use_images()
        self._tell_media_which_pages_use_attachments()
        self._tell_media_who_may_change_it()
        self._tell_audit_which_page_fields_hold_ids()
        self._tell_accounts_how_invitations_give_grants()

    @staticmethod
    def _forget_cached_pages_when_media_change() -> None:
        """Page answers show their images' and attachments' names and files, their tags and
        their author; the apps that own those know nothing of pages, so pages listen for their
        writes. Deletions are heard before they happen, while the links still exist."""
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save, pre_delete

        from cms.media.models import Attachment, Image
        from cms.pages.models import Tag
        from cms.pages.tree.cache import linked_record_changed

        for saved in (Image, Attachment, Tag):
            post_save.connect(linked_record_changed, sender=saved, dispatch_uid=f"post_save:{saved}")
        # Of a user, records show only the id: only a deletion (which empties `user_id`) counts.
        for deleted in (Image, Attachment, Tag, get_user_model()):
            pre_delete.connect(linked_record_changed, sender=deleted, dispatch_uid=f"pre_delete:{deleted}")

    @staticmethod
    def _tell_media_which_pages_use_images() -> None:
        """The image library shows the pages using each image; media can't import pages."""
        from cms.media.usage import register_usage_finder
        from cms.pages.media_uses import pages_using_images

        register_usage_finder("pages", pages_using_images)

    @staticmethod
    def _tell_media_which_pages_use_attachments() -> None:
        """The file library shows the pages using each file, and a file's download needs a login
        unless a published page offers it; media can't import pages."""
        from cms.media.usage import register_publication_finder, register_usage_finder
        from cms.pages.media_uses import pages_using_attachments, published_attachment_ids

        register_usage_finder("pages", pages_using_attachments, kind="attachment")
        register_publication_finder("pages", published_attachment_ids)

    @staticmethod
    def _tell_media_who_may_change_it() -> None:
        """Changing an image or a file needs edit on every page showing it (cms.pages.rights)."""
        from cms.media.usage import register_edit_check
        from cms.pages.rights import may_change_media

        register_edit_check("pages", may_change_media)

    @staticmethod
    def _tell_audit_which_page_fields_hold_ids() -> None:
        """A save's details name the page's parent, sharing image and author by id, which the
        log's readers show by name; audit can't import pages (cms.pages.models.page_fields)."""
        from cms.audit.log import add_mention_keys
        from cms.pages.models.page_fields import PAGE_FIELDS

        add_mention_keys({field.sent_as: field.refers_to for field in PAGE_FIELDS if field.refers_to})

    @staticmethod
    def _tell_accounts_how_invitations_give_grants() -> None:
        """An invitation holds the grants its invitee will get, given when they accept it; grants
        are pages' (PageGrant), and accounts can't import pages."""
        from cms.accounts.invitations.grants import register_invitation_grants
        from cms.pages.grants.services import invitation_grants_check, invitation_grants_give

        register_invitation_grants(check=invitation_grants_check, give=invitation_grants_give)
