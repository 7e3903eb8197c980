// The texts of the small shared widgets (issue 9): the modal's Close button, the rich text
// toolbar and its link form, and the tag editor: spread into each language's catalogue.
import type { Message } from './messages';

export const widgetsEn = {
  'modal.close': 'Close',

  'media.delete': 'Delete',
  'media.deleteNamed': 'Delete {name}',
  'media.deleteImage': 'Delete image',
  'media.deleteFile': 'Delete file',
  'media.deleteQuestion': 'No page shows “{name}”. Delete it for good? This cannot be undone.',
  'media.cancel': 'Cancel',
  'media.deleting': 'Deleting…',
  'media.deleted': '“{name}” was deleted.',
  'media.deleteFailed': '“{name}” could not be deleted: {detail}',

  'richText.toolbar': 'Formatting',
  'richText.bold': 'Bold',
  'richText.boldTitle': 'Bold (Ctrl+B)',
  'richText.italic': 'Italic',
  'richText.italicTitle': 'Italic (Ctrl+I)',
  'richText.link': 'Link',
  'richText.markdown': 'Markdown',
  'richText.linkAddress': 'Link address',
  'richText.linkPlaceholder': 'https:// or /en/page',
  'richText.addLink': 'Add link',
  'richText.cancel': 'Cancel',

  'tags.legend': 'Tags',
  'tags.known': 'Known tags',
  'tags.new': 'New tag',
  'tags.placeholder': 'Add a tag',
  'tags.add': 'Add',
  'tags.tooLong': 'A tag can have at most {max} characters.',
  'tags.tooMany': 'A page can have at most {max} tags: turn one off to add another.',
  'tags.noMatch': 'No known tag contains “{tag}”: Add creates it.',
  'tags.matches': { one: '{count} known tag matches.', other: '{count} known tags match.' },
} as const satisfies Record<string, Message>;

type Texts = { readonly [K in keyof typeof widgetsEn]: Message };

export const widgetsNb: Texts = {
  'modal.close': 'Lukk',

  'media.delete': 'Slett',
  'media.deleteNamed': 'Slett {name}',
  'media.deleteImage': 'Slett bilde',
  'media.deleteFile': 'Slett fil',
  'media.deleteQuestion':
    'Ingen side viser «{name}». Vil du slette den for godt? Det kan ikke angres.',
  'media.cancel': 'Avbryt',
  'media.deleting': 'Sletter …',
  'media.deleted': '«{name}» ble slettet.',
  'media.deleteFailed': '«{name}» kunne ikke slettes: {detail}',

  'richText.toolbar': 'Formatering',
  'richText.bold': 'Fet',
  'richText.boldTitle': 'Fet (Ctrl+B)',
  'richText.italic': 'Kursiv',
  'richText.italicTitle': 'Kursiv (Ctrl+I)',
  'richText.link': 'Lenke',
  'richText.markdown': 'Markdown',
  'richText.linkAddress': 'Lenkeadresse',
  'richText.linkPlaceholder': 'https:// eller /en/page',
  'richText.addLink': 'Legg til lenke',
  'richText.cancel': 'Avbryt',

  'tags.legend': 'Stikkord',
  'tags.known': 'Kjente stikkord',
  'tags.new': 'Nytt stikkord',
  'tags.placeholder': 'Legg til et stikkord',
  'tags.add': 'Legg til',
  'tags.tooLong': 'Et stikkord kan ha høyst {max} tegn.',
  'tags.tooMany': 'En side kan ha høyst {max} stikkord: slå av ett for å legge til et annet.',
  'tags.noMatch': 'Ingen kjente stikkord inneholder «{tag}»: Legg til oppretter det.',
  'tags.matches': {
    one: '{count} kjent stikkord passer.',
    other: '{count} kjente stikkord passer.',
  },
};

export const widgetsAr: Texts = {
  'modal.close': 'إغلاق',

  'media.delete': 'حذف',
  'media.deleteNamed': 'حذف {name}',
  'media.deleteImage': 'حذف الصورة',
  'media.deleteFile': 'حذف الملف',
  'media.deleteQuestion': 'لا تعرض أي صفحة «{name}». هل تريد حذفه نهائيًا؟ لا يمكن التراجع عن ذلك.',
  'media.cancel': 'إلغاء',
  'media.deleting': 'جارٍ الحذف…',
  'media.deleted': 'حُذف «{name}».',
  'media.deleteFailed': 'تعذّر حذف «{name}»: {detail}',

  'richText.toolbar': 'التنسيق',
  'richText.bold': 'غامق',
  'richText.boldTitle': 'غامق (Ctrl+B)',
  'richText.italic': 'مائل',
  'richText.italicTitle': 'مائل (Ctrl+I)',
  'richText.link': 'رابط',
  'richText.markdown': 'Markdown',
  'richText.linkAddress': 'عنوان الرابط',
  'richText.linkPlaceholder': 'https:// أو /en/page',
  'richText.addLink': 'إضافة الرابط',
  'richText.cancel': 'إلغاء',

  'tags.legend': 'الوسوم',
  'tags.known': 'الوسوم المعروفة',
  'tags.new': 'وسم جديد',
  'tags.placeholder': 'أضف وسمًا',
  'tags.add': 'إضافة',
  'tags.tooLong': 'يمكن أن يحتوي الوسم على {max} حرف على الأكثر.',
  'tags.tooMany': 'يمكن أن تحمل الصفحة {max} وسم على الأكثر: ألغِ وسمًا لتضيف غيره.',
  'tags.noMatch': 'لا يحتوي أي وسم معروف على «{tag}»: زر الإضافة ينشئه.',
  'tags.matches': {
    zero: 'لا يطابق أي وسم معروف.',
    one: 'يطابق وسم معروف واحد.',
    two: 'يطابق وسمان معروفان.',
    few: 'تطابق {count} وسوم معروفة.',
    many: 'يطابق {count} وسمًا معروفًا.',
    other: 'يطابق {count} وسم معروف.',
  },
};
