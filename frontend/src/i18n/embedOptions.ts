// The texts of the embed helper's options (issue 31, item 3): spread into each language's catalogue.
import type { Message } from './messages';

export const embedOptionsEn = {
  'embedOptions.title': 'Embed options',
  'embedOptions.width': 'Width (px)',
  'embedOptions.height': 'Height (px)',
  'embedOptions.sizeHint': 'The picture fits in this box (at most 4000 px a side).',
  'embedOptions.cssClass': 'CSS classes',
  'embedOptions.classHint': 'Letters, digits and dashes; separate classes with spaces.',
  'embedOptions.link': 'Link',
  'embedOptions.linkHint': 'https://…, mailto:… or a path on this site such as /en/about.',
  'embedOptions.dropped': 'Left out of the code: not allowed here.',
  'embedOptions.files': 'Embed several files as one list',
  'embedOptions.filesHint': 'Tick the files to list, in the order shown.',
  'embedOptions.noFiles': 'Tick at least one file.',
} as const satisfies Record<string, Message>;

type EmbedOptionsCatalogue = { readonly [K in keyof typeof embedOptionsEn]: Message };

export const embedOptionsNb: EmbedOptionsCatalogue = {
  'embedOptions.title': 'Valg for innbygging',
  'embedOptions.width': 'Bredde (px)',
  'embedOptions.height': 'Høyde (px)',
  'embedOptions.sizeHint': 'Bildet tilpasses denne boksen (høyst 4000 px per side).',
  'embedOptions.cssClass': 'CSS-klasser',
  'embedOptions.classHint': 'Bokstaver, sifre og bindestreker; skill klassene med mellomrom.',
  'embedOptions.link': 'Lenke',
  'embedOptions.linkHint': 'https://…, mailto:… eller en sti på dette nettstedet, som /nb/om.',
  'embedOptions.dropped': 'Utelatt fra koden: ikke tillatt her.',
  'embedOptions.files': 'Bygg inn flere filer som én liste',
  'embedOptions.filesHint': 'Kryss av filene som skal listes, i rekkefølgen som vises.',
  'embedOptions.noFiles': 'Kryss av minst én fil.',
};

export const embedOptionsAr: EmbedOptionsCatalogue = {
  'embedOptions.title': 'خيارات التضمين',
  'embedOptions.width': 'العرض (بكسل)',
  'embedOptions.height': 'الارتفاع (بكسل)',
  'embedOptions.sizeHint': 'تُصغَّر الصورة لتلائم هذا الإطار (4000 بكسل على الأكثر لكل ضلع).',
  'embedOptions.cssClass': 'أصناف CSS',
  'embedOptions.classHint': 'حروف وأرقام وشرطات؛ افصل بين الأصناف بمسافات.',
  'embedOptions.link': 'الرابط',
  'embedOptions.linkHint': 'https://… أو mailto:… أو مسار في هذا الموقع مثل /ar/about.',
  'embedOptions.dropped': 'حُذف من الرمز: غير مسموح به هنا.',
  'embedOptions.files': 'تضمين عدة ملفات في قائمة واحدة',
  'embedOptions.filesHint': 'اختر الملفات التي تُدرج، بالترتيب المعروض.',
  'embedOptions.noFiles': 'اختر ملفًا واحدًا على الأقل.',
};
