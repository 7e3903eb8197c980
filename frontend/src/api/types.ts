// Named aliases over the generated OpenAPI types: the only place that knows
// the backend's schema names, so a rename there is a one-line change here.
import type { components } from './generated/schema';
import type { LinkSchemas } from './linkSchemas';

type Schemas = components['schemas'];

export type Page = Schemas['PageOut'];
export type Template = Schemas['TemplateOut'];
export type Block = Schemas['BlockOut'];
export type ApiError = Schemas['ErrorOut'];
export type MoveRequest = Schemas['MoveIn'];
/** The page fields of a save (blocks beside them, by name). */
export type PageFieldsIn = Schemas['PageFieldsIn'];
export type PageImageLinkIn = Schemas['PageImageLinkIn'];
export type PageFileLinkIn = Schemas['PageFileLinkIn'];
/** An image (spec §3 Image), as every call and page answer carries it. */
export type ImageRecord = Schemas['ImageOut'];

/** 0 Draft, 1 Reviewed, 2 Published, 3 Hidden, 4 Deleted (named in lib/page.ts). */
export type PageStatus = Page['status'];
/** What the user may do to a page: 'edit' it, 'create' pages under it. */
export type PagePermission = Page['permissions'][number];

/**
 * A page as the tree screen embeds it: the fields of the tree's shape the tree reads, and its
 * translation state in the screen's locale only where a row is marked (`translation`).
 */
export type TreeScreenPage = Schemas['TreeScreenPageOut'];
/**
 * A page of a tree list (pages.json, move.json): the tree reads what the screen embeds (and
 * `translations`, every locale's state, where the screen has `translation`: features/pageTree/api.ts).
 */
export type TreePageOut = Pick<
  Schemas['TreePageOut'],
  Exclude<keyof TreeScreenPage, 'translation'>
>;

// The data each admin screen embeds (Django's json_script), described by the backend's
// schemas in cms/admin_ui/schemas.py.
export type Locale = Schemas['LocaleOut'];
export type Author = Schemas['AuthorOut'];
/** What every screen embeds. */
export type ScreenData = Schemas['ScreenOut'];
export type PageTreeScreenData = Schemas['PageTreeScreenOut'];
export type PageEditorScreenData = Schemas['PageEditorScreenOut'];
export type ImageLibraryScreenData = Schemas['ImageLibraryScreenOut'];
/** One page of the image library (GET /admin/images.json): records with the pages using them. */
export type ImageLibraryPage = Schemas['ImageLibraryOut'];
export type LibraryImage = Schemas['LibraryImageOut'];

// People, grants and the audit log (issue 13).
/** A back-office user (GET /admin/users.json). */
export type UserRecord = Schemas['UserOut'];
/** One grant of a user: `page_id` null is the root. */
export type Grant = Schemas['GrantOut'];
/** One audit log entry: who did what, and when. */
export type AuditEntry = Schemas['AuditEntryOut'];
/** One page of the whole audit log (GET /admin/audit.json). */
export type AuditLog = Schemas['AuditLogOut'];
export type UsersScreenData = Schemas['UsersScreenOut'];
/** An invitation (GET /admin/invitations.json): its state, expiry and its mail's delivery. */
export type InvitationOut = Schemas['InvitationOut'];
export type GrantsScreenData = Schemas['GrantsScreenOut'];
export type AuditLogScreenData = Schemas['AuditLogScreenOut'];
export type AuditLogFilters = Schemas['AuditLogFiltersOut'];

// The working copy, presence and scheduled changes (issue 20).
/** GET/PUT …/draft.json: the user's unsaved edits as sent, and when they were kept. */
export type WorkingCopyOut = Schemas['DraftOut'];
/** POST …/presence.json: the other users who have the page open. */
export type PresenceOut = Schemas['PresenceOut'];
/** A user as the log and presence name them (id null: deleted since). */
export type Actor = Schemas['ActorOut'];
/** A change kept to go live at a time, as the list names it (…/scheduled.json): its fields. */
export type ScheduledChangeOut = Schemas['ScheduledOut'];
/** One change with the values it sets (…/scheduled/{id}.json, and the answer to scheduling). */
export type ScheduledChangeDetail = Schemas['ScheduledDetailOut'];
export type ScheduleRequest = Schemas['ScheduleIn'];
/** A waiting or failed scheduled change, as the tree marks its row (/admin/scheduled.json). */
export type ScheduledMark = Schemas['ScheduledMarkOut'];

// Revisions: the History panel's calls (issue 20).
/** One revision as the list names it (GET …/revisions.json): who, when, what, in one line. */
export type RevisionOut = Schemas['RevisionOut'];
/** Two versions compared (GET …/revisions/{rid}/compare.json): changed fields and blocks. */
export type CompareOut = Schemas['CompareOut'];
export type ComparedBlockOut = Schemas['ComparedBlockOut'];
export type ChangedFieldOut = Schemas['ChangedFieldOut'];
/** A restored page (POST …/revisions/{rid}/restore.json), with the media it left out. */
export type RestoredPageOut = Schemas['RestoredPageOut'];
/** What a restore would do per locale (GET …/revisions/{rid}/restore.json), nothing changed. */
export type RestorePlanOut = Schemas['RestorePlanOut'];
export type RestoreLocaleOut = Schemas['RestoreLocaleOut'];

// Translations kept in step and content search (issue 22).
/** GET …/source_changes.json: per outdated block, the default locale's text then and now. */
export type SourceChanges = Schemas['SourceChangesOut'];
export type SourceChange = Schemas['SourceChangeOut'];
/** One page of the translation report (GET /admin/{locale}/translations.json). */
export type TranslationReport = Schemas['TranslationReportOut'];
/** A page to do in a locale, as the report lists it (named in the default locale). */
export type TranslationReportItem = Schemas['TranslationReportItemOut'];
/** Which pages the report lists. */
export type TranslationReportState = Schemas['TranslationsFiltersOut']['state'];
export type TranslationsScreenData = Schemas['TranslationsScreenOut'];
export type DeletedPagesScreenData = Schemas['DeletedPagesScreenOut'];
/** One page of content search results (GET /admin/{locale}/search.json). */
export type ContentSearchAnswer = Schemas['SearchOut'];
/** A page found in one locale: a plain-text snippet and the found words' places in code points. */
export type ContentSearchResult = Schemas['SearchResultOut'];
// The news archive and the calendar (issue 31, items 5 and 6).
export type NewsArchiveScreenData = Schemas['NewsArchiveScreenOut'];
export type NewsArchive = Schemas['NewsArchiveOut'];
export type CalendarScreenData = Schemas['CalendarScreenOut'];
export type CalendarMonth = Schemas['CalendarOut'];
export type CalendarItem = Schemas['CalendarItemOut'];

// Review before publishing (issue 32, DESIGN §3).
/** A change submitted for review, with its values, comments and decision. */
export type Review = Schemas['ReviewDetailOut'];
/** A waiting change as the reviewer's list shows it (the page's name beside it). */
export type QueuedReview = Schemas['QueuedReviewOut'];
export type ReviewComment = Schemas['CommentOut'];
/** The header's counts: changes waiting for the user, unread notifications (each up to `most`). */
export type HeaderCounts = Schemas['HeaderCountsOut'];
export type Notice = Schemas['NoticeOut'];
export type Notices = Schemas['NoticesOut'];
/** Which kinds of notification come by mail (account page). */
export type NotificationSettings = Schemas['NotificationSettingsIO'];
/** How an approved change goes live: as submitted, now, at a time, or marked Reviewed. */
export type ApproveRequest = Schemas['ApproveIn'];
/** A 409 of an approval: the fields the change sets that changed since it was submitted. */
export type ChangedSince = Schemas['ChangedSinceOut'];
export type SubmitRequest = Schemas['SubmitIn'];

// Links (issue 33, DESIGN §3 Links and bulk work), through api/linkSchemas.ts.
/** GET /admin/{locale}/pages/{id}/linked_from.json: the pages whose text links to a page. */
export type LinkedFrom = LinkSchemas['LinkedFromOut'];
export type LinkingPage = LinkSchemas['LinkingPageOut'];
/** GET /admin/{locale}/broken_links.json: one page of the broken links, 50 a page. */
export type BrokenLinks = LinkSchemas['BrokenLinksOut'];
/** A broken link: the page (named) and block that write it, the address as written, and why. */
export type BrokenLink = LinkSchemas['BrokenLinkOut'];

// Bulk work (issue 33, DESIGN §3 "Links and bulk work").
/** What a bulk call does to each page ('submit': submit for review). */
export type BulkAction = Schemas['BulkIn']['action'];
/** POST /admin/{locale}/bulk.json: `parent_page_id` for move (null: the top level), `tag` for
 * tag and untag; the server defaults `message` (a submission's note to the reviewers). */
export type BulkRequest = Omit<Schemas['BulkIn'], 'message'> & { message?: string };
export type BulkJobState = Schemas['JobOut']['state'];
/** The 202 answer of POST bulk.json: the job, queued. */
export type BulkJobAccepted = Schemas['JobStartedOut'];
/** One page's outcome in a job: refused (no right, a rule of the save) and failed say why. */
export type BulkResult = Schemas['JobResultOut'];
/** GET /admin/jobs/{job_id}.json, the fields DESIGN §3 names (at most 1,000 results an answer). */
export type BulkJob = Pick<Schemas['JobOut'], 'id' | 'state' | 'total' | 'done' | 'results'>;
