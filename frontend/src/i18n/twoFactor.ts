// The texts of two-step sign-in on the users screen (issue 30): spread into each language's
// catalogue.
import type { Message } from './messages';

export const twoFactorEn = {
  'people.twoFactor.on': 'Two-step sign-in',
  'people.twoFactor.off': 'Turn off two-step sign-in',
  'people.twoFactor.offNamed': 'Turn off two-step sign-in for {name}',
  'people.twoFactor.offConfirm':
    '{name} will sign in with their password alone until they set up two-step sign-in again. Their authenticator app and passkeys stop working. Turn it off?',
  'people.twoFactor.done': 'Two-step sign-in is off for {name}.',
};

type TwoFactorCatalogue = { readonly [K in keyof typeof twoFactorEn]: Message };

export const twoFactorNb: TwoFactorCatalogue = {
  'people.twoFactor.on': 'Totrinnspålogging',
  'people.twoFactor.off': 'Slå av totrinnspålogging',
  'people.twoFactor.offNamed': 'Slå av totrinnspålogging for {name}',
  'people.twoFactor.offConfirm':
    '{name} logger inn med bare passordet til totrinnspålogging er satt opp igjen. Autentiseringsappen og tilgangsnøklene slutter å virke. Slå den av?',
  'people.twoFactor.done': 'Totrinnspålogging er slått av for {name}.',
};

export const twoFactorAr: TwoFactorCatalogue = {
  'people.twoFactor.on': 'تسجيل الدخول بخطوتين',
  'people.twoFactor.off': 'إيقاف تسجيل الدخول بخطوتين',
  'people.twoFactor.offNamed': 'إيقاف تسجيل الدخول بخطوتين لـ {name}',
  'people.twoFactor.offConfirm':
    'سيسجّل {name} الدخول بكلمة المرور وحدها حتى يعيد إعداد تسجيل الدخول بخطوتين. سيتوقف تطبيق المصادقة ومفاتيح المرور عن العمل. هل تريد إيقافه؟',
  'people.twoFactor.done': 'تم إيقاف تسجيل الدخول بخطوتين لـ {name}.',
};
