// Norwegian bokmål.
import type { Catalogue } from './catalogue';
import { attachmentsNb } from './attachments';
import { draftsNb } from './drafts';
import { imagesNb } from './images';
import { deletedPagesNb } from './deletedPages';
import { reviewNb } from './review';
import { bulkNb } from './bulk';
import { noticesNb } from './notices';
import { auditActionsNb } from './auditActions';
import { invitationsNb } from './invitations';
import { embedOptionsNb } from './embedOptions';
import { linksNb } from './links';
import { reportsNb } from './reports';
import { datedNb } from './dated';
import { peopleNb } from './people';
import { revisionsNb } from './revisions';
import { translationsNb } from './translations';
import { twoFactorNb } from './twoFactor';
import { widgetsNb } from './widgets';

export const nb: Catalogue = {
  // The people screens, history and the read-only editor (issue 13).
  ...peopleNb,
  // Invitations and the deactivated users (issue 30).
  ...invitationsNb,
  ...embedOptionsNb,
  ...reportsNb,
  ...linksNb,
  ...deletedPagesNb,
  // Review before publishing (issue 32).
  ...reviewNb,
  // Bulk actions in the page tree (issue 33).
  ...bulkNb,
  ...noticesNb,
  ...auditActionsNb,
  ...datedNb,
  // Two-step sign-in on the users screen (issue 30).
  ...twoFactorNb,
  // The Files tab, the attachment dialog and the file library (issue 11).
  ...attachmentsNb,
  // The images: the Images tab, the image dialog, the uploader and the image library.
  ...imagesNb,
  // The small shared widgets: the modal, the rich text toolbar, the tag editor.
  ...widgetsNb,
  // The working copy, presence and scheduled changes (issue 20).
  ...draftsNb,
  // The History panel: revisions, compare and restore (issue 20).
  ...revisionsNb,
  // Translations kept in step and content search (issue 22).
  ...translationsNb,
  'header.skipToMain': 'Hopp til hovedinnholdet',
  'header.product': 'Administrasjon',
  'header.sections': 'Seksjoner',
  'header.pages': 'Sider',
  'header.images': 'Bilder',
  'header.locales': 'Språk',
  'header.account': 'Din konto',
  'header.logout': 'Logg ut',

  // Pages wherever they show, and the page tree.
  'page.status.0': 'Utkast',
  'page.status.1': 'Gjennomgått',
  'page.status.2': 'Publisert',
  'page.status.3': 'Skjult',
  'page.status.4': 'Slettet',
  'page.untitled': 'Uten tittel',
  'page.nameRequired': 'kan ikke være tom',
  'tree.title': 'Alle sider',
  'tree.help':
    'Dra en side etter håndtaket ⠿ opp eller ned for å endre rekkefølgen, eller til siden for å legge den under siden over eller flytte den ut. Tastatur: piltastene blar, {enter} åpner redigering, {f2} gir nytt navn, {alt} + piltaster flytter siden.',
  'tree.helpTouch':
    'Trykk på navnet til en side for å redigere den, og på ⋯-knappen for de andre handlingene. Dra en side etter håndtaket ⠿ opp eller ned for å endre rekkefølgen, eller til siden for å legge den under siden over eller flytte den ut.',
  'tree.itemCount': { one: '({count} element)', other: '({count} elementer)' },
  'tree.dragToMove': 'Dra for å flytte',
  'tree.expand': 'Utvid',
  'tree.collapse': 'Skjul undersider',
  'tree.pageName': 'Sidenavn',
  'tree.loading': 'Laster …',
  'tree.notLoaded': 'Ikke lastet',
  'tree.retry': 'Prøv igjen',
  'tree.undo': 'Angre',
  'tree.save': 'Lagre',
  'tree.cancel': 'Avbryt',
  'tree.nameError': 'Navn: {message}',
  'tree.action.rename': 'Gi nytt navn',
  'tree.action.publish': 'Publiser',
  'tree.action.hide': 'Skjul',
  'tree.action.delete': 'Slett',
  'tree.action.addChild': 'Legg til underside',
  'tree.action.addHere': 'Legg til side her',
  'tree.actionsFor': 'Handlinger for {name}',
  'tree.deleteConfirmation': 'Er du sikker på at du vil slette denne siden?',
  'tree.deleteWhat': {
    zero: '«{name}» blir slettet. Det er ingen sider under den.',
    one: '«{name}» blir slettet, og den ene siden under den blir slettet med den.',
    other: '«{name}» blir slettet, og de {count} sidene under den blir slettet med den.',
  },
  'tree.deleteAtLeast': {
    one: '«{name}» blir slettet, og minst én side under den blir slettet med den.',
    other: '«{name}» blir slettet, og minst {count} sider under den blir slettet med den.',
  },
  'tree.nameIn': 'Navn på {locale}',
  'tree.noNameHere': 'Ikke noe navn på dette språket: vist på {locale}',
  'tree.scheduled': 'Publiseres senere',
  'tree.scheduledFor': 'Publiseres {date}',
  'tree.pinned': 'Festet',
  'tree.search.label': 'Finn en side',
  'tree.search.placeholder': 'Navn på et hvilket som helst språk',
  'tree.search.searching': 'Søker …',
  'tree.search.failed': 'Søket mislyktes.',
  'tree.search.none': 'Ingen sidenavn inneholder «{query}».',
  'tree.search.first': 'De første {count} sidene som ble funnet.',
  'tree.search.found': { one: '{count} side funnet.', other: '{count} sider funnet.' },
  'tree.search.goToFirst': 'Trykk Enter for å gå til den første.',
  'tree.failed.move': 'Siden kunne ikke flyttes',
  'tree.failed.rename': 'Siden kunne ikke få nytt navn',
  'tree.failed.status': 'Sidens status kunne ikke endres',
  'tree.failed.delete': 'Siden kunne ikke slettes',
  'tree.failed.create': 'Siden kunne ikke opprettes',
  'tree.failed.search': 'Det var ikke mulig å søke i sidene',
  'tree.failed.undo': 'Endringen kunne ikke angres',
  'tree.failed.topLevel': 'Sidene på øverste nivå kunne ikke lastes',
  'tree.failed.children': 'Sidene under «{name}» kunne ikke lastes',
  'tree.done.published': '«{name}» ble publisert.',
  'tree.done.hidden': '«{name}» ble skjult.',
  'tree.done.deleted': '«{name}» ble slettet.',
  'tree.moved': 'Flyttet {name} under {parent}, plass {position}',

  // The page editor.
  'editor.newPage': 'Ny side',
  'editor.publishLater': 'Denne siden publiseres senere',
  'editor.saved': 'Endringene dine ble lagret',
  'editor.validation': 'En valideringsfeil hindret at siden ble lagret.',
  'editor.saveFailed': 'Det oppstod en feil da endringene dine skulle lagres.',
  'editor.loadFailed': 'Siden kunne ikke lastes. Sjekk tilkoblingen og prøv igjen.',
  'editor.unsavedChanges':
    'Du har endringer som ikke er lagret. Vil du forlate siden og miste dem?',
  'editor.state.saved': 'Alle endringer er lagret',
  'editor.state.saving': 'Lagrer …',
  'editor.state.new': 'Ny side, ikke lagret ennå',
  'editor.state.dirty': 'Endringer som ikke er lagret',
  'editor.preview': 'Forhåndsvis',
  'editor.save': 'Lagre',
  'editor.saveShortcut': 'Lagre (Ctrl+S)',
  'editor.breadcrumb': 'Brødsmulesti',
  'editor.pageContent': 'Sideinnhold',
  'editor.pageOptions': 'Sidevalg',
  'editor.pageSections': 'Sidedeler',
  'editor.noVersion':
    'Denne siden har ingen versjon på {locale} ennå. Fyll ut feltene og lagre for å legge den til.',
  'editor.tab.content': 'Innhold',
  'editor.tab.images': 'Bilder',
  'editor.tab.files': 'Filer',
  'editor.tab.metadata': 'Metadata',
  'editor.tab.unconfigured': 'Innhold utenfor malen',
  'editor.dates': 'Datoer',
  'editor.tab.hasErrors': ' (har feil)',
  'editor.tab.notUsed': 'brukes ikke av denne malen',
  'editor.field.path_segment': 'Stisegment',
  'editor.field.meta_image_id': 'Bilde for deling i sosiale medier',
  'editor.field.starts_at': 'Starter',
  'editor.field.ends_at': 'Slutter',
  'editor.field.all_day': 'Hele dagen',
  'editor.field.serialized_tags': 'Stikkord',
  'editor.field.status': 'Status',
  'editor.field.published_at': 'Publiseringsdato',
  'editor.field.template': 'Mal',
  'editor.field.user_id': 'Forfatter',
  'editor.field.unique_name': 'Unikt navn',
  'editor.field.redirect_to': 'Videresend til',
  'editor.field.feed_enabled': 'Slå på feed',
  'editor.field.news_page': 'Nyhetsside',
  'editor.field.pinned': 'Festet',
  'editor.field.skip_index': 'Skjul for søkemotorer',
  'editor.field.parent_page_id': 'Overordnet side',
  'editor.uniqueNameHelp': 'Et fast navn malene bruker for å finne denne siden.',
  'editor.redirectHelp': 'Send besøkende til denne adressen i stedet.',
  'editor.noAuthor': 'Ingen forfatter',
  'editor.options': 'Valg',
  'editor.sharedBlock': 'Lik på alle språk',
  'editor.pathSegmentHint': 'Bare bokstaver, tall og bindestreker er tillatt.',
  'editor.ancestorSegment': 'Sider under {name} kan bare få et stisegment når den har et.',
  'editor.ancestorSegmentLink': 'Legg først til et stisegment på den siden.',
  'editor.publicAddress': 'Offentlig adresse:',
  'editor.unconfigured':
    'Denne siden har innholdsfelt som ikke er slått på i den valgte malen. De vises ikke på nettstedet, men de beholdes: rediger eller tøm dem her.',
  'editor.shareNote': 'Anbefalt størrelse: minst 1200x630 piksler.',
  'editor.shareTooSmall': 'Anbefalt minst 1200x630',
  'editor.shareImageOf': 'Bilde for deling: {filename}',
  'editor.noImage': 'Ikke noe bilde valgt.',
  'editor.pixels': '{width} × {height} piksler',
  'editor.replaceImage': 'Bytt bilde',
  'editor.chooseImage': 'Velg bilde',
  'editor.remove': 'Fjern',
  'editor.conflictHelp':
    'Endringene dine er fortsatt her. Last inn på nytt for å se den andre versjonen og forkaste dine, eller lagre likevel for å erstatte den med dine.',
  'editor.reload': 'Last inn på nytt',
  'editor.saveAnyway': 'Lagre likevel',
  'editor.correct': { one: 'Rett opp dette feltet:', other: 'Rett opp disse feltene:' },
  'editor.sessionEnded': 'Økten din er avsluttet, så siden ble ikke lagret.',
  'editor.connectionLost': 'Forbindelsen til serveren ble brutt.',
  'editor.serverError': 'Serveren fikk en feil og lagret ikke siden.',
  'editor.kept': 'Alt du skrev, er fortsatt her.',
  'editor.logInAgain': 'Logg inn igjen (åpnes i en ny fane)',
  'editor.thenSave': ', og kom så tilbake og lagre.',
  'editor.checkConnection': 'Sjekk tilkoblingen, og lagre så igjen.',
  'editor.tryAgainId':
    'Prøv å lagre igjen; hvis det fortsatt mislykkes, gi administratoren denne forespørsels-ID-en:',
  'editor.tryAgainNoId':
    'Prøv å lagre igjen; hvis det fortsatt mislykkes, fortell administratoren når det skjedde.',
  'editor.notSaved': 'Siden ble ikke lagret.',
  'editor.switch.clearsDates':
    'Lagring fjerner start- og sluttdatoene: {template} har ingen datoer.',
  'editor.switch.moves': {
    one: '{template} har ikke noe felt for {fields}: lagring beholder det under Innhold utenfor malen.',
    other:
      '{template} har ikke noe felt for {fields}: lagring beholder dem under Innhold utenfor malen.',
  },
  'editor.switch.and': '{first} og {last}',
  'date.day': '{label}: dag',
  'date.month': '{label}: måned',
  'date.year': '{label}: år',
  'date.time': '{label}: klokkeslett',
  'date.timeIgnored':
    '«{typed}» er ikke et klokkeslett: skriv timer og minutter, som 9 eller 14:30. Klokkeslettet forblir {time}.',
  'date.endClamped': 'Slutten kan ikke være før starten, så den ble satt lik starten.',
  'date.none': 'Ingen datoer er satt.',
  'date.set': 'Sett datoer',
  'date.clear': 'Fjern datoene',
};
