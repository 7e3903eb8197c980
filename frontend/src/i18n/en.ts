// The English interface catalogue: its keys type every other language's catalogue.
// The specification's quoted texts are here word for word (tests outside the project read them).
import type { Message } from './messages';
import { attachmentsEn } from './attachments';
import { draftsEn } from './drafts';
import { imagesEn } from './images';
import { deletedPagesEn } from './deletedPages';
import { reviewEn } from './review';
import { bulkEn } from './bulk';
import { noticesEn } from './notices';
import { auditActionsEn } from './auditActions';
import { invitationsEn } from './invitations';
import { embedOptionsEn } from './embedOptions';
import { linksEn } from './links';
import { reportsEn } from './reports';
import { datedEn } from './dated';
import { peopleEn } from './people';
import { revisionsEn } from './revisions';
import { translationsEn } from './translations';
import { twoFactorEn } from './twoFactor';
import { widgetsEn } from './widgets';

export const en = {
  // The people screens, history and the read-only editor (issue 13).
  ...peopleEn,
  // Invitations and the deactivated users (issue 30).
  ...invitationsEn,
  ...embedOptionsEn,
  ...reportsEn,
  ...linksEn,
  ...deletedPagesEn,
  // Review before publishing (issue 32).
  ...reviewEn,
  // Bulk actions in the page tree (issue 33).
  ...bulkEn,
  ...noticesEn,
  ...auditActionsEn,
  ...datedEn,
  // Two-step sign-in on the users screen (issue 30).
  ...twoFactorEn,
  // The Files tab, the attachment dialog and the file library (issue 11).
  ...attachmentsEn,
  // The images: the Images tab, the image dialog, the uploader and the image library.
  ...imagesEn,
  // The small shared widgets: the modal, the rich text toolbar, the tag editor.
  ...widgetsEn,
  // The working copy, presence and scheduled changes (issue 20).
  ...draftsEn,
  // The History panel: revisions, compare and restore (issue 20).
  ...revisionsEn,
  // Translations kept in step and content search (issue 22).
  ...translationsEn,
  // The bar on top of every screen.
  'header.skipToMain': 'Skip to main content',
  'header.product': 'Back office',
  'header.sections': 'Sections',
  'header.pages': 'Pages',
  'header.images': 'Images',
  'header.locales': 'Locales',
  'header.account': 'Your account',
  'header.logout': 'Log out',

  // Pages wherever they show, and the page tree.
  'page.status.0': 'Draft',
  'page.status.1': 'Reviewed',
  'page.status.2': 'Published',
  'page.status.3': 'Hidden',
  'page.status.4': 'Deleted',
  'page.untitled': 'Untitled',
  'page.nameRequired': "can't be blank",
  'tree.title': 'All Pages',
  'tree.help':
    'Drag a page by its handle ⠿ up or down to reorder it, or sideways to put it under the page above or move it out. Keyboard: arrow keys browse, {enter} opens the editor, {f2} renames, {alt} + arrow keys move the page.',
  'tree.helpTouch':
    'Tap a page’s name to edit it, and its ⋯ button for its other actions. Drag a page by its handle ⠿ up or down to reorder it, or sideways to put it under the page above or move it out.',
  'tree.itemCount': { one: '({count} item)', other: '({count} items)' },
  'tree.dragToMove': 'Drag to move',
  'tree.expand': 'Expand',
  'tree.collapse': 'Collapse',
  'tree.pageName': 'Page name',
  'tree.loading': 'Loading…',
  'tree.notLoaded': 'Not loaded',
  'tree.retry': 'Retry',
  'tree.undo': 'Undo',
  'tree.save': 'Save',
  'tree.cancel': 'Cancel',
  'tree.nameError': 'Name: {message}',
  'tree.action.rename': 'Rename',
  'tree.action.publish': 'Publish',
  'tree.action.hide': 'Hide',
  'tree.action.delete': 'Delete',
  'tree.action.addChild': 'Add child',
  'tree.action.addHere': 'Add page here',
  'tree.actionsFor': 'Actions for {name}',
  'tree.deleteConfirmation': 'Are you sure you want to delete this page?',
  'tree.deleteWhat': {
    zero: '“{name}” will be deleted. No pages are below it.',
    one: '“{name}” will be deleted, and the page below it with it.',
    other: '“{name}” will be deleted, and the {count} pages below it with it.',
  },
  'tree.deleteAtLeast': {
    one: '“{name}” will be deleted, and at least {count} page below it with it.',
    other: '“{name}” will be deleted, and at least {count} pages below it with it.',
  },
  'tree.nameIn': 'Name in {locale}',
  'tree.noNameHere': 'No name in this language: shown in {locale}',
  'tree.scheduled': 'Publishes later',
  'tree.scheduledFor': 'Publishes on {date}',
  'tree.pinned': 'Pinned',
  'tree.search.label': 'Find a page',
  'tree.search.placeholder': 'Name in any language',
  'tree.search.searching': 'Searching…',
  'tree.search.failed': 'The search failed.',
  'tree.search.none': 'No page name contains “{query}”.',
  'tree.search.first': 'The first {count} pages found.',
  'tree.search.found': { one: '{count} page found.', other: '{count} pages found.' },
  'tree.search.goToFirst': 'Press Enter to go to the first.',
  'tree.failed.move': 'The page could not be moved',
  'tree.failed.rename': 'The page could not be renamed',
  'tree.failed.status': 'The page status could not be changed',
  'tree.failed.delete': 'The page could not be deleted',
  'tree.failed.create': 'The page could not be created',
  'tree.failed.search': 'The pages could not be searched',
  'tree.failed.undo': 'The change could not be undone',
  'tree.failed.topLevel': 'The top-level pages could not be loaded',
  'tree.failed.children': 'The pages under “{name}” could not be loaded',
  'tree.done.published': '“{name}” was published.',
  'tree.done.hidden': '“{name}” was hidden.',
  'tree.done.deleted': '“{name}” was deleted.',
  'tree.moved': 'Moved {name} under {parent}, position {position}',

  // The page editor.
  'editor.newPage': 'New Page',
  'editor.publishLater': 'This page will publish later',
  'editor.saved': 'Your changes were saved',
  'editor.validation': 'A validation error prevented the page from being saved.',
  'editor.saveFailed': 'An error occured while saving your changes.',
  'editor.loadFailed': 'The page could not be loaded. Check your connection and try again.',
  'editor.unsavedChanges': 'You have unsaved changes. Leave this page and lose them?',
  'editor.state.saved': 'All changes saved',
  'editor.state.saving': 'Saving…',
  'editor.state.new': 'New page, not saved yet',
  'editor.state.dirty': 'Unsaved changes',
  'editor.preview': 'Preview',
  'editor.save': 'Save',
  'editor.saveShortcut': 'Save (Ctrl+S)',
  'editor.breadcrumb': 'Breadcrumb',
  'editor.pageContent': 'Page content',
  'editor.pageOptions': 'Page options',
  'editor.pageSections': 'Page sections',
  'editor.noVersion':
    'This page has no {locale} version yet. Fill in the fields and save to add it.',
  'editor.tab.content': 'Content',
  'editor.tab.images': 'Images',
  'editor.tab.files': 'Files',
  'editor.tab.metadata': 'Metadata',
  'editor.tab.unconfigured': 'Unconfigured content',
  'editor.dates': 'Dates',
  'editor.tab.hasErrors': ' (has errors)',
  'editor.tab.notUsed': 'not used by this template',
  'editor.field.path_segment': 'Path segment',
  'editor.field.meta_image_id': 'Social sharing image',
  'editor.field.starts_at': 'Starts',
  'editor.field.ends_at': 'Ends',
  'editor.field.all_day': 'All day',
  'editor.field.serialized_tags': 'Tags',
  'editor.field.status': 'Status',
  'editor.field.published_at': 'Publish date',
  'editor.field.template': 'Template',
  'editor.field.user_id': 'Author',
  'editor.field.unique_name': 'Unique name',
  'editor.field.redirect_to': 'Redirect to',
  'editor.field.feed_enabled': 'Enable feed',
  'editor.field.news_page': 'News page',
  'editor.field.pinned': 'Pinned',
  'editor.field.skip_index': 'Hide from search engines',
  'editor.field.parent_page_id': 'Parent page',
  'editor.uniqueNameHelp': 'A fixed name templates use to find this page.',
  'editor.redirectHelp': 'Send visitors to this address instead.',
  'editor.noAuthor': 'No author',
  'editor.options': 'Options',
  'editor.sharedBlock': 'Same in every language',
  'editor.pathSegmentHint': 'Only alpanumeric characters and dashes are allowed.',
  'editor.ancestorSegment': 'Pages under {name} can only get a path segment once it has one.',
  'editor.ancestorSegmentLink': 'Add a path segment to that page first.',
  'editor.publicAddress': 'Public address:',
  'editor.unconfigured':
    'This page has content fields that are not enabled by the selected template. They are not shown on the website, but they are kept: edit or clear them here.',
  'editor.shareNote': 'Recommended size: at least 1200x630 pixels.',
  'editor.shareTooSmall': 'Recommended at least 1200x630',
  'editor.shareImageOf': 'Social sharing image: {filename}',
  'editor.noImage': 'No image chosen.',
  'editor.pixels': '{width} × {height} pixels',
  'editor.replaceImage': 'Replace image',
  'editor.chooseImage': 'Choose image',
  'editor.remove': 'Remove',
  'editor.conflictHelp':
    'Your changes are still here. Reload to see the other version and discard yours, or save anyway to replace it with yours.',
  'editor.reload': 'Reload',
  'editor.saveAnyway': 'Save anyway',
  'editor.correct': { one: 'Please correct this field:', other: 'Please correct these fields:' },
  'editor.sessionEnded': 'Your session has ended, so the page was not saved.',
  'editor.connectionLost': 'The connection to the server was lost.',
  'editor.serverError': 'The server ran into an error and did not save the page.',
  'editor.kept': 'Everything you typed is still here.',
  'editor.logInAgain': 'Log in again (opens in a new tab)',
  'editor.thenSave': ', then come back and save.',
  'editor.checkConnection': 'Check your connection, then save again.',
  'editor.tryAgainId':
    'Try saving again; if it keeps failing, give your administrator this request id:',
  'editor.tryAgainNoId':
    'Try saving again; if it keeps failing, tell your administrator the time it happened.',
  'editor.notSaved': 'The page was not saved.',
  'editor.switch.clearsDates': 'Saving clears the start and end dates: {template} has no dates.',
  'editor.switch.moves': {
    one: '{template} has no field for {fields}: saving keeps it under Unconfigured content.',
    other: '{template} has no field for {fields}: saving keeps them under Unconfigured content.',
  },
  'editor.switch.and': '{first} and {last}',
  'date.day': '{label}: day',
  'date.month': '{label}: month',
  'date.year': '{label}: year',
  'date.time': '{label}: time',
  'date.timeIgnored':
    '“{typed}” is not a time: type hours and minutes, like 9 or 14:30. The time stays {time}.',
  'date.endClamped': 'The end can’t be before the start, so it was set to the start.',
  'date.none': 'No dates set.',
  'date.set': 'Set dates',
  'date.clear': 'Clear dates',
} satisfies Record<string, Message>;
