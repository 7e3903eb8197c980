// The texts of the working copy, presence and scheduled changes in the editor, and the tree's
// marks for scheduled changes (issue 20): spread into each language's catalogue.
import type { Message } from './messages';

export const draftsEn = {
  // The working copy: the unsaved edits kept as the user types.
  'workingCopy.offer': 'Restore your unsaved changes from {time}',
  'workingCopy.offerHelp':
    'They were kept as you typed but never saved. Restoring puts them back in the form; you still save them.',
  'workingCopy.restore': 'Restore',
  'workingCopy.discard': 'Discard',
  'workingCopy.restored': 'Your unsaved changes are back in the form. Save to keep them.',
  'workingCopy.discarded': 'Your unsaved changes were discarded.',
  'workingCopy.restoreFailed': 'Your unsaved changes could not be restored. Try again.',
  'workingCopy.sectionTitle': 'Unsaved changes',
  'workingCopy.keeping': 'Kept as you type, in this browser and on the server, until you save.',
  'workingCopy.waitingChoice':
    'Changes from {time} were never saved: restore or discard them above the form.',
  'workingCopy.none': 'None: everything is saved.',
  'workingCopy.mediaGone': {
    one: 'One image or file of your changes no longer exists and was left out.',
    other: '{count} images or files of your changes no longer exist and were left out.',
  },

  // Presence: who else has the page open.
  'presence.alsoOpen': 'Also open by {names}',

  // Scheduling: the dialog beside Save.
  'schedule.open': 'Schedule…',
  'schedule.openHelp': 'Let these changes go live by themselves at a time you choose',
  'schedule.nothing': 'Change something first: a scheduled change holds your edits.',
  'schedule.title': 'Schedule these changes',
  'schedule.intro':
    'The page stays as it is until then. At that time your changes go live by themselves, as if you had saved them.',
  'schedule.at': 'Goes live',
  'schedule.zone': 'Time zone: {zone}',
  'schedule.submit': 'Schedule',
  'schedule.close': 'Cancel',
  'schedule.ok': 'OK',
  'schedule.past': 'Choose a time in the future.',
  'schedule.failed': 'The changes could not be scheduled.',
  'schedule.done': 'Scheduled for {time}. The form shows the page as it is now.',

  // Scheduling: the banner of a waiting, failed or applied change.
  'schedule.waiting': 'A change by {name} is scheduled to go live on {time}.',
  'schedule.waitingIn': 'A change to the {locale} version by {name} is scheduled for {time}.',
  'schedule.failedTitle': 'A change by {name} scheduled for {time} could not go live.',
  'schedule.failedTitleIn':
    'A change to the {locale} version by {name} scheduled for {time} could not go live.',
  'schedule.failedHelp': 'It is kept as it was. Make the change again with Save or Schedule…',
  'schedule.appliedTitle': 'The change scheduled for {time} went live.',
  'schedule.appliedHelp': 'Reload the page to edit what is live now.',
  'schedule.reload': 'Reload',
  'schedule.someone': 'someone',
  'schedule.view': 'View changes',
  'schedule.hideView': 'Hide changes',
  'schedule.compare': 'Compare with current',
  'schedule.hideCompare': 'Hide comparison',
  'schedule.cancel': 'Cancel change',
  'schedule.dismiss': 'Dismiss',
  'schedule.cancelConfirm': 'Cancel the change scheduled for {time}? It will not go live.',
  'schedule.cancelled': 'The scheduled change was cancelled.',
  'schedule.cancelFailed': 'The scheduled change could not be cancelled.',
  'schedule.changesOf': 'Changes scheduled for {time}',
  'schedule.field': 'Field',
  'schedule.now': 'Now',
  'schedule.then': 'Scheduled',
  'schedule.empty': '(empty)',
  'schedule.yes': 'Yes',
  'schedule.no': 'No',
  'schedule.images': { one: '{count} image', other: '{count} images' },
  'schedule.files': { one: '{count} file', other: '{count} files' },
  'schedule.noChanges': 'It changes nothing the page holds now.',
  'schedule.sectionTitle': 'Scheduled changes',
  'schedule.none': 'None.',
  'schedule.itemWaiting': '{time}, by {name}: waiting to go live',
  'schedule.itemFailed': '{time}, by {name}: could not go live',

  // The page tree: a row's scheduled change.
  'tree.changeWaiting': 'Change at {time}',
  'tree.changeWaitingLabel': 'An edit of this page is scheduled to go live on {time}.',
  'tree.changeFailed': 'Change failed',
  'tree.changeFailedLabel': 'The edit scheduled for {time} could not go live.',
  // Saving a field that a waiting change sets stops that change (issue 28).
  'schedule.saveOverwrites': {
    one: 'This save changes {fields}, which the change scheduled for {time} also sets. If you save, that change will not go live (it is marked as failed) and your text stays. Save anyway?',
    other:
      'This save changes {fields}, which {count} scheduled changes also set, the first on {time}. If you save, they will not go live (they are marked as failed) and your text stays. Save anyway?',
  },
  'schedule.loading': 'Reading the change…',
} as const satisfies Record<string, Message>;

type DraftsCatalogue = { readonly [K in keyof typeof draftsEn]: Message };

export const draftsNb: DraftsCatalogue = {
  'workingCopy.offer': 'Gjenopprett de ulagrede endringene dine fra {time}',
  'workingCopy.offerHelp':
    'De ble tatt vare på mens du skrev, men aldri lagret. Gjenoppretter du dem, kommer de tilbake i skjemaet; du må fortsatt lagre.',
  'workingCopy.restore': 'Gjenopprett',
  'workingCopy.discard': 'Forkast',
  'workingCopy.restored':
    'De ulagrede endringene dine er tilbake i skjemaet. Lagre for å beholde dem.',
  'workingCopy.discarded': 'De ulagrede endringene dine ble forkastet.',
  'workingCopy.restoreFailed': 'De ulagrede endringene dine kunne ikke gjenopprettes. Prøv igjen.',
  'workingCopy.sectionTitle': 'Ulagrede endringer',
  'workingCopy.keeping':
    'Tas vare på mens du skriver, i denne nettleseren og på serveren, til du lagrer.',
  'workingCopy.waitingChoice':
    'Endringer fra {time} ble aldri lagret: gjenopprett eller forkast dem over skjemaet.',
  'workingCopy.none': 'Ingen: alt er lagret.',
  'workingCopy.mediaGone': {
    one: 'Ett bilde eller én fil i endringene dine finnes ikke lenger og ble utelatt.',
    other: '{count} bilder eller filer i endringene dine finnes ikke lenger og ble utelatt.',
  },

  'presence.alsoOpen': 'Også åpen hos {names}',

  'schedule.open': 'Planlegg…',
  'schedule.openHelp': 'La disse endringene publiseres av seg selv på et tidspunkt du velger',
  'schedule.nothing': 'Endre noe først: en planlagt endring inneholder endringene dine.',
  'schedule.title': 'Planlegg disse endringene',
  'schedule.intro':
    'Siden forblir som den er til da. På det tidspunktet publiseres endringene dine av seg selv, som om du hadde lagret dem.',
  'schedule.at': 'Publiseres',
  'schedule.zone': 'Tidssone: {zone}',
  'schedule.submit': 'Planlegg',
  'schedule.close': 'Avbryt',
  'schedule.ok': 'OK',
  'schedule.past': 'Velg et tidspunkt fram i tid.',
  'schedule.failed': 'Endringene kunne ikke planlegges.',
  'schedule.done': 'Planlagt til {time}. Skjemaet viser siden slik den er nå.',

  'schedule.waiting': 'En endring fra {name} er planlagt publisert {time}.',
  'schedule.waitingIn':
    'En endring i versjonen på {locale} fra {name} er planlagt publisert {time}.',
  'schedule.failedTitle': 'En endring fra {name} planlagt til {time} kunne ikke publiseres.',
  'schedule.failedTitleIn':
    'En endring i versjonen på {locale} fra {name} planlagt til {time} kunne ikke publiseres.',
  'schedule.failedHelp':
    'Den er tatt vare på som den var. Gjør endringen på nytt med Lagre eller Planlegg…',
  'schedule.appliedTitle': 'Endringen planlagt til {time} er publisert.',
  'schedule.appliedHelp': 'Last inn siden på nytt for å redigere det som er publisert nå.',
  'schedule.reload': 'Last inn på nytt',
  'schedule.someone': 'noen',
  'schedule.view': 'Vis endringer',
  'schedule.hideView': 'Skjul endringer',
  'schedule.compare': 'Sammenlign med nåværende',
  'schedule.hideCompare': 'Skjul sammenligningen',
  'schedule.cancel': 'Avlys endringen',
  'schedule.dismiss': 'Fjern',
  'schedule.cancelConfirm': 'Avlyse endringen planlagt til {time}? Den blir ikke publisert.',
  'schedule.cancelled': 'Den planlagte endringen ble avlyst.',
  'schedule.cancelFailed': 'Den planlagte endringen kunne ikke avlyses.',
  'schedule.changesOf': 'Endringer planlagt til {time}',
  'schedule.field': 'Felt',
  'schedule.now': 'Nå',
  'schedule.then': 'Planlagt',
  'schedule.empty': '(tomt)',
  'schedule.yes': 'Ja',
  'schedule.no': 'Nei',
  'schedule.images': { one: '{count} bilde', other: '{count} bilder' },
  'schedule.files': { one: '{count} fil', other: '{count} filer' },
  'schedule.noChanges': 'Den endrer ingenting av det siden inneholder nå.',
  'schedule.sectionTitle': 'Planlagte endringer',
  'schedule.none': 'Ingen.',
  'schedule.itemWaiting': '{time}, fra {name}: venter på å publiseres',
  'schedule.itemFailed': '{time}, fra {name}: kunne ikke publiseres',

  'tree.changeWaiting': 'Endring kl. {time}',
  'tree.changeWaitingLabel': 'En endring av siden er planlagt publisert {time}.',
  'tree.changeFailed': 'Endring feilet',
  'tree.changeFailedLabel': 'Endringen planlagt til {time} kunne ikke publiseres.',
  'schedule.saveOverwrites': {
    one: 'Denne lagringen endrer {fields}, som endringen planlagt til {time} også setter. Lagrer du, blir den endringen ikke publisert (den merkes som feilet), og teksten din blir stående. Lagre likevel?',
    other:
      'Denne lagringen endrer {fields}, som {count} planlagte endringer også setter, den første {time}. Lagrer du, blir de ikke publisert (de merkes som feilet), og teksten din blir stående. Lagre likevel?',
  },
  'schedule.loading': 'Leser endringen…',
};

export const draftsAr: DraftsCatalogue = {
  'workingCopy.offer': 'استعادة تغييراتك غير المحفوظة من {time}',
  'workingCopy.offerHelp':
    'حُفظت نسخة منها أثناء الكتابة لكنها لم تُحفظ في الصفحة. الاستعادة تعيدها إلى النموذج، وعليك حفظها بعد ذلك.',
  'workingCopy.restore': 'استعادة',
  'workingCopy.discard': 'تجاهل',
  'workingCopy.restored': 'عادت تغييراتك غير المحفوظة إلى النموذج. احفظها لتبقى.',
  'workingCopy.discarded': 'تم تجاهل تغييراتك غير المحفوظة.',
  'workingCopy.restoreFailed': 'تعذّرت استعادة تغييراتك غير المحفوظة. حاول مرة أخرى.',
  'workingCopy.sectionTitle': 'تغييرات غير محفوظة',
  'workingCopy.keeping': 'تُحفظ نسخة منها أثناء الكتابة، في هذا المتصفح وعلى الخادم، حتى تحفظها.',
  'workingCopy.waitingChoice': 'لم تُحفظ تغييرات {time} قط: استعدها أو تجاهلها فوق النموذج.',
  'workingCopy.none': 'لا شيء: كل شيء محفوظ.',
  'workingCopy.mediaGone': {
    zero: 'كل الصور والملفات في تغييراتك موجودة.',
    one: 'صورة أو ملف من تغييراتك لم يعد موجودًا فتُرك.',
    two: 'صورتان أو ملفان من تغييراتك لم يعودا موجودين فتُركا.',
    few: '{count} صور أو ملفات من تغييراتك لم تعد موجودة فتُركت.',
    many: '{count} صورة أو ملفًا من تغييراتك لم تعد موجودة فتُركت.',
    other: '{count} صورة أو ملف من تغييراتك لم تعد موجودة فتُركت.',
  },

  'presence.alsoOpen': 'مفتوحة أيضًا لدى {names}',

  'schedule.open': 'جدولة…',
  'schedule.openHelp': 'اجعل هذه التغييرات تُنشر تلقائيًا في وقت تختاره',
  'schedule.nothing': 'غيّر شيئًا أولًا: التغيير المجدول يحمل تعديلاتك.',
  'schedule.title': 'جدولة هذه التغييرات',
  'schedule.intro':
    'تبقى الصفحة كما هي حتى ذلك الحين. في ذلك الوقت تُنشر تغييراتك تلقائيًا كما لو أنك حفظتها.',
  'schedule.at': 'وقت النشر',
  'schedule.zone': 'المنطقة الزمنية: {zone}',
  'schedule.submit': 'جدولة',
  'schedule.close': 'إلغاء',
  'schedule.ok': 'حسنًا',
  'schedule.past': 'اختر وقتًا في المستقبل.',
  'schedule.failed': 'تعذّرت جدولة التغييرات.',
  'schedule.done': 'جُدولت في {time}. يعرض النموذج الصفحة كما هي الآن.',

  'schedule.waiting': 'تغيير من {name} مجدول للنشر في {time}.',
  'schedule.waitingIn': 'تغيير في نسخة {locale} من {name} مجدول للنشر في {time}.',
  'schedule.failedTitle': 'تعذّر نشر تغيير من {name} كان مجدولًا في {time}.',
  'schedule.failedTitleIn': 'تعذّر نشر تغيير في نسخة {locale} من {name} كان مجدولًا في {time}.',
  'schedule.failedHelp': 'ما زال محفوظًا كما كان. أعد التغيير بالحفظ أو بالجدولة…',
  'schedule.appliedTitle': 'نُشر التغيير المجدول في {time}.',
  'schedule.appliedHelp': 'أعد تحميل الصفحة لتحرير ما هو منشور الآن.',
  'schedule.reload': 'إعادة التحميل',
  'schedule.someone': 'مستخدم ما',
  'schedule.view': 'عرض التغييرات',
  'schedule.hideView': 'إخفاء التغييرات',
  'schedule.compare': 'مقارنة بالحالية',
  'schedule.hideCompare': 'إخفاء المقارنة',
  'schedule.cancel': 'إلغاء التغيير',
  'schedule.dismiss': 'إزالة',
  'schedule.cancelConfirm': 'إلغاء التغيير المجدول في {time}؟ لن يُنشر.',
  'schedule.cancelled': 'أُلغي التغيير المجدول.',
  'schedule.cancelFailed': 'تعذّر إلغاء التغيير المجدول.',
  'schedule.changesOf': 'التغييرات المجدولة في {time}',
  'schedule.field': 'الحقل',
  'schedule.now': 'الآن',
  'schedule.then': 'المجدول',
  'schedule.empty': '(فارغ)',
  'schedule.yes': 'نعم',
  'schedule.no': 'لا',
  'schedule.images': {
    zero: 'لا صور',
    one: 'صورة واحدة',
    two: 'صورتان',
    few: '{count} صور',
    many: '{count} صورة',
    other: '{count} صورة',
  },
  'schedule.files': {
    zero: 'لا ملفات',
    one: 'ملف واحد',
    two: 'ملفان',
    few: '{count} ملفات',
    many: '{count} ملفًا',
    other: '{count} ملف',
  },
  'schedule.noChanges': 'لا يغيّر شيئًا مما في الصفحة الآن.',
  'schedule.sectionTitle': 'التغييرات المجدولة',
  'schedule.none': 'لا شيء.',
  'schedule.itemWaiting': '{time}، من {name}: بانتظار النشر',
  'schedule.itemFailed': '{time}، من {name}: تعذّر نشره',

  'tree.changeWaiting': 'تغيير في {time}',
  'tree.changeWaitingLabel': 'تعديل على هذه الصفحة مجدول للنشر في {time}.',
  'tree.changeFailed': 'تعذّر التغيير',
  'tree.changeFailedLabel': 'تعذّر نشر التعديل المجدول في {time}.',
  'schedule.saveOverwrites': {
    zero: 'هذا الحفظ يغيّر {fields}، وهو ما يضبطه أيضًا التغيير المجدول في {time}. إن حفظت فلن يُنشر ذلك التغيير (يُعلَّم بأنه تعذّر) ويبقى نصّك. أتحفظ على أي حال؟',
    one: 'هذا الحفظ يغيّر {fields}، وهو ما يضبطه أيضًا التغيير المجدول في {time}. إن حفظت فلن يُنشر ذلك التغيير (يُعلَّم بأنه تعذّر) ويبقى نصّك. أتحفظ على أي حال؟',
    two: 'هذا الحفظ يغيّر {fields}، وهو ما يضبطه أيضًا تغييران مجدولان، أوّلهما في {time}. إن حفظت فلن يُنشرا (يُعلَّمان بأنهما تعذّرا) ويبقى نصّك. أتحفظ على أي حال؟',
    few: 'هذا الحفظ يغيّر {fields}، وهو ما تضبطه أيضًا {count} تغييرات مجدولة، أوّلها في {time}. إن حفظت فلن تُنشر (تُعلَّم بأنها تعذّرت) ويبقى نصّك. أتحفظ على أي حال؟',
    many: 'هذا الحفظ يغيّر {fields}، وهو ما تضبطه أيضًا {count} تغييرًا مجدولًا، أوّلها في {time}. إن حفظت فلن تُنشر (تُعلَّم بأنها تعذّرت) ويبقى نصّك. أتحفظ على أي حال؟',
    other:
      'هذا الحفظ يغيّر {fields}، وهو ما تضبطه أيضًا {count} تغيير مجدول، أوّلها في {time}. إن حفظت فلن تُنشر (تُعلَّم بأنها تعذّرت) ويبقى نصّك. أتحفظ على أي حال؟',
  },
  'schedule.loading': 'جارٍ قراءة التغيير…',
};
