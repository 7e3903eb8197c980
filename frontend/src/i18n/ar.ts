// Arabic (written right to left; plurals in six categories).
import type { Catalogue } from './catalogue';
import { attachmentsAr } from './attachments';
import { draftsAr } from './drafts';
import { imagesAr } from './images';
import { deletedPagesAr } from './deletedPages';
import { reviewAr } from './review';
import { bulkAr } from './bulk';
import { noticesAr } from './notices';
import { auditActionsAr } from './auditActions';
import { invitationsAr } from './invitations';
import { embedOptionsAr } from './embedOptions';
import { linksAr } from './links';
import { reportsAr } from './reports';
import { datedAr } from './dated';
import { peopleAr } from './people';
import { revisionsAr } from './revisions';
import { translationsAr } from './translations';
import { twoFactorAr } from './twoFactor';
import { widgetsAr } from './widgets';

export const ar: Catalogue = {
  // The people screens, history and the read-only editor (issue 13).
  ...peopleAr,
  // Invitations and the deactivated users (issue 30).
  ...invitationsAr,
  ...embedOptionsAr,
  ...reportsAr,
  ...linksAr,
  ...deletedPagesAr,
  // Review before publishing (issue 32).
  ...reviewAr,
  // Bulk actions in the page tree (issue 33).
  ...bulkAr,
  ...noticesAr,
  ...auditActionsAr,
  ...datedAr,
  // Two-step sign-in on the users screen (issue 30).
  ...twoFactorAr,
  // The Files tab, the attachment dialog and the file library (issue 11).
  ...attachmentsAr,
  // The images: the Images tab, the image dialog, the uploader and the image library.
  ...imagesAr,
  // The small shared widgets: the modal, the rich text toolbar, the tag editor.
  ...widgetsAr,
  // The working copy, presence and scheduled changes (issue 20).
  ...draftsAr,
  // The History panel: revisions, compare and restore (issue 20).
  ...revisionsAr,
  // Translations kept in step and content search (issue 22).
  ...translationsAr,
  'header.skipToMain': 'انتقل إلى المحتوى الرئيسي',
  'header.product': 'لوحة الإدارة',
  'header.sections': 'الأقسام',
  'header.pages': 'الصفحات',
  'header.images': 'الصور',
  'header.locales': 'اللغات',
  'header.account': 'حسابك',
  'header.logout': 'تسجيل الخروج',

  // Pages wherever they show, and the page tree.
  'page.status.0': 'مسودة',
  'page.status.1': 'تمت مراجعتها',
  'page.status.2': 'منشورة',
  'page.status.3': 'مخفية',
  'page.status.4': 'محذوفة',
  'page.untitled': 'بلا عنوان',
  'page.nameRequired': 'لا يمكن أن يكون فارغًا',
  'tree.title': 'كل الصفحات',
  'tree.help':
    'اسحب الصفحة من مقبضها ⠿ إلى الأعلى أو الأسفل لتغيير ترتيبها، أو إلى الجانب لوضعها تحت الصفحة التي فوقها أو إخراجها. لوحة المفاتيح: مفاتيح الأسهم للتنقل، و{enter} يفتح المحرر، و{f2} لإعادة التسمية، و{alt} مع مفاتيح الأسهم لنقل الصفحة.',
  'tree.helpTouch':
    'المس اسم الصفحة لتحريرها، وزرّ ⋯ لبقية إجراءاتها. اسحب الصفحة من مقبضها ⠿ إلى الأعلى أو الأسفل لتغيير ترتيبها، أو إلى الجانب لوضعها تحت الصفحة التي فوقها أو إخراجها.',
  'tree.itemCount': {
    zero: '(لا عناصر)',
    one: '(عنصر واحد)',
    two: '(عنصران)',
    few: '({count} عناصر)',
    many: '({count} عنصرًا)',
    other: '({count} عنصر)',
  },
  'tree.dragToMove': 'اسحب للنقل',
  'tree.expand': 'توسيع',
  'tree.collapse': 'طي',
  'tree.pageName': 'اسم الصفحة',
  'tree.loading': 'جارٍ التحميل…',
  'tree.notLoaded': 'لم يُحمَّل',
  'tree.retry': 'إعادة المحاولة',
  'tree.undo': 'تراجع',
  'tree.save': 'حفظ',
  'tree.cancel': 'إلغاء',
  'tree.nameError': 'الاسم: {message}',
  'tree.action.rename': 'إعادة التسمية',
  'tree.action.publish': 'نشر',
  'tree.action.hide': 'إخفاء',
  'tree.action.delete': 'حذف',
  'tree.action.addChild': 'إضافة صفحة فرعية',
  'tree.action.addHere': 'إضافة صفحة هنا',
  'tree.actionsFor': 'إجراءات {name}',
  'tree.deleteConfirmation': 'هل أنت متأكد من أنك تريد حذف هذه الصفحة؟',
  'tree.deleteWhat': {
    zero: 'ستُحذف «{name}». لا توجد صفحات تحتها.',
    one: 'ستُحذف «{name}» ومعها الصفحة الوحيدة التي تحتها.',
    two: 'ستُحذف «{name}» ومعها الصفحتان اللتان تحتها.',
    few: 'ستُحذف «{name}» ومعها الصفحات الـ{count} التي تحتها.',
    many: 'ستُحذف «{name}» ومعها الصفحات الـ{count} التي تحتها.',
    other: 'ستُحذف «{name}» ومعها الصفحات الـ{count} التي تحتها.',
  },
  'tree.deleteAtLeast': {
    zero: 'ستُحذف «{name}» ومعها الصفحات التي تحتها.',
    one: 'ستُحذف «{name}» ومعها صفحة واحدة على الأقل تحتها.',
    two: 'ستُحذف «{name}» ومعها صفحتان على الأقل تحتها.',
    few: 'ستُحذف «{name}» ومعها {count} صفحات على الأقل تحتها.',
    many: 'ستُحذف «{name}» ومعها {count} صفحة على الأقل تحتها.',
    other: 'ستُحذف «{name}» ومعها {count} صفحة على الأقل تحتها.',
  },
  'tree.nameIn': 'الاسم بلغة {locale}',
  'tree.noNameHere': 'لا اسم بهذه اللغة: يظهر بلغة {locale}',
  'tree.scheduled': 'تُنشر لاحقًا',
  'tree.scheduledFor': 'تُنشر في {date}',
  'tree.pinned': 'مثبّتة',
  'tree.search.label': 'ابحث عن صفحة',
  'tree.search.placeholder': 'الاسم بأي لغة',
  'tree.search.searching': 'جارٍ البحث…',
  'tree.search.failed': 'فشل البحث.',
  'tree.search.none': 'لا يوجد اسم صفحة يحتوي على «{query}».',
  'tree.search.first': 'أول {count} صفحة وُجدت.',
  'tree.search.found': {
    zero: 'لم توجد أي صفحة.',
    one: 'وُجدت صفحة واحدة.',
    two: 'وُجدت صفحتان.',
    few: 'وُجدت {count} صفحات.',
    many: 'وُجدت {count} صفحة.',
    other: 'وُجدت {count} صفحة.',
  },
  'tree.search.goToFirst': 'اضغط Enter للانتقال إلى أولها.',
  'tree.failed.move': 'تعذّر نقل الصفحة',
  'tree.failed.rename': 'تعذّرت إعادة تسمية الصفحة',
  'tree.failed.status': 'تعذّر تغيير حالة الصفحة',
  'tree.failed.delete': 'تعذّر حذف الصفحة',
  'tree.failed.create': 'تعذّر إنشاء الصفحة',
  'tree.failed.search': 'تعذّر البحث في الصفحات',
  'tree.failed.undo': 'تعذّر التراجع عن التغيير',
  'tree.failed.topLevel': 'تعذّر تحميل صفحات المستوى الأعلى',
  'tree.failed.children': 'تعذّر تحميل الصفحات التابعة لـ«{name}»',
  'tree.done.published': 'نُشرت «{name}».',
  'tree.done.hidden': 'أُخفيت «{name}».',
  'tree.done.deleted': 'حُذفت «{name}».',
  'tree.moved': 'نُقلت {name} تحت {parent}، في الموضع {position}',

  // The page editor.
  'editor.newPage': 'صفحة جديدة',
  'editor.publishLater': 'ستُنشر هذه الصفحة لاحقًا',
  'editor.saved': 'حُفظت تغييراتك',
  'editor.validation': 'منع خطأ في التحقق حفظ الصفحة.',
  'editor.saveFailed': 'حدث خطأ أثناء حفظ تغييراتك.',
  'editor.loadFailed': 'تعذّر تحميل الصفحة. تحقّق من اتصالك وحاول مرة أخرى.',
  'editor.unsavedChanges': 'لديك تغييرات غير محفوظة. هل تريد مغادرة هذه الصفحة وفقدانها؟',
  'editor.state.saved': 'حُفظت كل التغييرات',
  'editor.state.saving': 'جارٍ الحفظ…',
  'editor.state.new': 'صفحة جديدة، لم تُحفظ بعد',
  'editor.state.dirty': 'تغييرات غير محفوظة',
  'editor.preview': 'معاينة',
  'editor.save': 'حفظ',
  'editor.saveShortcut': 'حفظ (Ctrl+S)',
  'editor.breadcrumb': 'مسار التنقل',
  'editor.pageContent': 'محتوى الصفحة',
  'editor.pageOptions': 'خيارات الصفحة',
  'editor.pageSections': 'أقسام الصفحة',
  'editor.noVersion': 'ليس لهذه الصفحة نسخة بلغة {locale} بعد. املأ الحقول واحفظ لإضافتها.',
  'editor.tab.content': 'المحتوى',
  'editor.tab.images': 'الصور',
  'editor.tab.files': 'الملفات',
  'editor.tab.metadata': 'البيانات الوصفية',
  'editor.tab.unconfigured': 'محتوى غير مُهيّأ',
  'editor.dates': 'التواريخ',
  'editor.tab.hasErrors': ' (فيه أخطاء)',
  'editor.tab.notUsed': 'لا يستخدمه هذا القالب',
  'editor.field.path_segment': 'مقطع المسار',
  'editor.field.meta_image_id': 'صورة المشاركة الاجتماعية',
  'editor.field.starts_at': 'يبدأ',
  'editor.field.ends_at': 'ينتهي',
  'editor.field.all_day': 'طوال اليوم',
  'editor.field.serialized_tags': 'الوسوم',
  'editor.field.status': 'الحالة',
  'editor.field.published_at': 'تاريخ النشر',
  'editor.field.template': 'القالب',
  'editor.field.user_id': 'الكاتب',
  'editor.field.unique_name': 'الاسم الفريد',
  'editor.field.redirect_to': 'إعادة التوجيه إلى',
  'editor.field.feed_enabled': 'تفعيل الخلاصة',
  'editor.field.news_page': 'صفحة أخبار',
  'editor.field.pinned': 'مثبّتة',
  'editor.field.skip_index': 'إخفاء عن محركات البحث',
  'editor.field.parent_page_id': 'الصفحة الأم',
  'editor.uniqueNameHelp': 'اسم ثابت تستخدمه القوالب للعثور على هذه الصفحة.',
  'editor.redirectHelp': 'أرسل الزوار إلى هذا العنوان بدلًا منها.',
  'editor.noAuthor': 'بلا كاتب',
  'editor.options': 'خيارات',
  'editor.sharedBlock': 'واحد في كل اللغات',
  'editor.pathSegmentHint': 'يُسمح بالحروف والأرقام والشرطات فقط.',
  'editor.ancestorSegment':
    'لا تحصل الصفحات التابعة لـ{name} على مقطع مسار إلا بعد أن يكون لها مقطع.',
  'editor.ancestorSegmentLink': 'أضف مقطع مسار إلى تلك الصفحة أولًا.',
  'editor.publicAddress': 'العنوان العام:',
  'editor.unconfigured':
    'لهذه الصفحة حقول محتوى لا يفعّلها القالب المختار. لا تظهر على الموقع، لكنها محفوظة: عدّلها أو امسحها هنا.',
  'editor.shareNote': 'الحجم الموصى به: 1200x630 بكسل على الأقل.',
  'editor.shareTooSmall': 'يوصى بـ1200x630 على الأقل',
  'editor.shareImageOf': 'صورة المشاركة: {filename}',
  'editor.noImage': 'لم تُختر صورة.',
  // Each size an isolate read left to right: in Arabic text 1200 × 630 would show as 630 × 1200.
  'editor.pixels': '\u2066{width} × {height}\u2069 بكسل',
  'editor.replaceImage': 'استبدال الصورة',
  'editor.chooseImage': 'اختيار صورة',
  'editor.remove': 'إزالة',
  'editor.conflictHelp':
    'تغييراتك ما زالت هنا. أعد التحميل لترى النسخة الأخرى وتتخلّى عن تغييراتك، أو احفظ على أي حال لتستبدلها بتغييراتك.',
  'editor.reload': 'إعادة التحميل',
  'editor.saveAnyway': 'احفظ على أي حال',
  'editor.correct': {
    zero: 'صحّح هذه الحقول:',
    one: 'صحّح هذا الحقل:',
    two: 'صحّح هذين الحقلين:',
    few: 'صحّح هذه الحقول:',
    many: 'صحّح هذه الحقول:',
    other: 'صحّح هذه الحقول:',
  },
  'editor.sessionEnded': 'انتهت جلستك، لذا لم تُحفظ الصفحة.',
  'editor.connectionLost': 'انقطع الاتصال بالخادم.',
  'editor.serverError': 'واجه الخادم خطأ ولم يحفظ الصفحة.',
  'editor.kept': 'كل ما كتبته ما زال هنا.',
  'editor.logInAgain': 'سجّل الدخول مجددًا (يُفتح في علامة تبويب جديدة)',
  'editor.thenSave': '، ثم عُد واحفظ.',
  'editor.checkConnection': 'تحقّق من اتصالك، ثم احفظ مرة أخرى.',
  'editor.tryAgainId': 'حاول الحفظ مرة أخرى؛ وإن استمر الفشل فأعطِ المسؤول معرّف الطلب هذا:',
  'editor.tryAgainNoId': 'حاول الحفظ مرة أخرى؛ وإن استمر الفشل فأخبر المسؤول بوقت حدوثه.',
  'editor.notSaved': 'لم تُحفظ الصفحة.',
  'editor.switch.clearsDates': 'الحفظ يمسح تاريخَي البدء والانتهاء: القالب {template} بلا تواريخ.',
  'editor.switch.moves': {
    zero: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيها تحت «محتوى غير مُهيّأ».',
    one: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيه تحت «محتوى غير مُهيّأ».',
    two: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيهما تحت «محتوى غير مُهيّأ».',
    few: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيها تحت «محتوى غير مُهيّأ».',
    many: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيها تحت «محتوى غير مُهيّأ».',
    other: 'القالب {template} بلا حقل لـ{fields}: الحفظ يبقيها تحت «محتوى غير مُهيّأ».',
  },
  'editor.switch.and': '{first} و{last}',
  'date.day': '{label}: اليوم',
  'date.month': '{label}: الشهر',
  'date.year': '{label}: السنة',
  'date.time': '{label}: الوقت',
  'date.timeIgnored':
    '«{typed}» ليس وقتًا: اكتب الساعات والدقائق، مثل 9 أو 14:30. يبقى الوقت {time}.',
  'date.endClamped': 'لا يمكن أن تكون النهاية قبل البداية، لذا ضُبطت على البداية.',
  'date.none': 'لم تُحدَّد تواريخ.',
  'date.set': 'حدّد التواريخ',
  'date.clear': 'امسح التواريخ',
};
