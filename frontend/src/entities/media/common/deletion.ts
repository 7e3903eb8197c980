// Deleting an image or a file from its library (issue 18, item 10): only media no page shows.
// DELETE /admin/images/{id}.json and /admin/attachments/{id}.json answer 204 when deleted, 409
// with {"detail": …} while a page shows it, 403 without the right, 404 when it is unknown.
import { api } from '../../../api/client';
import { HttpError, errorDetail } from '../../../lib/http';

export type DeleteResult =
  | { kind: 'deleted' }
  /** Someone deleted it already: as good as deleted. */
  | { kind: 'gone' }
  /** A page shows it now (409), or the user may not (403): the server says why. */
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'failed'; detail: string };

/** Delete a medium and say how it went. */
export async function deleteMedium(
  kind: 'image' | 'attachment',
  id: number,
): Promise<DeleteResult> {
  try {
    if (kind === 'image')
      await api.delete('/admin/images/{image_id}.json', { path: { image_id: id } });
    else
      await api.delete('/admin/attachments/{attachment_id}.json', { path: { attachment_id: id } });
    return { kind: 'deleted' };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: 'failed', detail: String(error) };
    if (error.status === 404) return { kind: 'gone' };
    const detail = errorDetail(error.body) ?? error.message;
    if (error.status === 409 || error.status === 403) {
      return { kind: 'refused', status: error.status, detail };
    }
    return { kind: 'failed', detail };
  }
}
