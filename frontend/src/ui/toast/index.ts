export { ToastProvider, useToast } from './ToastProvider';
export type { SubjectToaster, Toaster } from './ToastProvider';
export { createToastQueue, TOAST_FADE_MS, TOAST_VISIBLE_MS } from './queue';
export type { ToastAction, ToastType } from './queue';
