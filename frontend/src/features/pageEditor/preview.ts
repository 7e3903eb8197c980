// Preview (spec §7): a hidden form posted into a new tab, so the server renders the unsaved page.
import type { PagePayload } from './payload';

interface PreviewRequest {
  locale: string;
  csrfToken: string;
  pageId: number | null;
  payload: PagePayload;
}

/** Build the hidden preview form (method POST, target _blank). */
export function previewForm(doc: Document, request: PreviewRequest): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'post';
  form.target = '_blank';
  form.action = `/${encodeURIComponent(request.locale)}/pages/preview`;
  form.hidden = true;
  const fields: [string, string][] = [
    ['authenticity_token', request.csrfToken],
    ['page_id', request.pageId === null ? '' : String(request.pageId)],
    ['preview_page', JSON.stringify(request.payload)],
  ];
  for (const [name, value] of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Submit the preview form and remove it again. */
export function submitPreview(request: PreviewRequest, doc: Document = document): void {
  const form = previewForm(doc, request);
  doc.body.append(form);
  form.submit();
  form.remove();
}
