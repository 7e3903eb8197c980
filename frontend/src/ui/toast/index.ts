export { ToastProvider, useToast } from './ToastProvider';
export type { SubjectToaster, Toaster } from './ToastProvider';
export { createToastQueue, TOAST_FADE_MS, TOAST_VISIBLE_MS } from './queue';
export type { ToastAction, ToastType } from './queue';

/**
 * The subject of messages true while a form holds unsaved edits ("save to keep it"): the form
 * takes them back once it is saved, or its edits are undone.
 */
export const UNSAVED_EDITS = 'unsaved-edits';
