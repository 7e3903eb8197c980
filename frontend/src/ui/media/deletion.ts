// Deleting an image or a file from its library (issue 18, item 10): only media no page shows.
// DELETE /admin/images/{id}.json and /admin/attachments/{id}.json answer 204 when deleted, 409
// with {"detail": …} while a page shows it, 403 without the right, 404 when it is unknown.
import { HttpError, deleteJSON, errorDetail } from '../../lib/http';

export type DeleteResult =
  | { kind: 'deleted' }
  /** Someone deleted it already: as good as deleted. */
  | { kind: 'gone' }
  /** A page shows it now (409), or the user may not (403): the server says why. */
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'failed'; detail: string };

/** The address that deletes a medium. */
export function deletionUrl(kind: 'image' | 'attachment', id: number): string {
  return `/admin/${kind === 'image' ? 'images' : 'attachments'}/${id}.json`;
}

/** Delete a medium and say how it went. */
export async function deleteMedium(
  kind: 'image' | 'attachment',
  id: number,
): Promise<DeleteResult> {
  try {
    await deleteJSON(deletionUrl(kind, id));
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
