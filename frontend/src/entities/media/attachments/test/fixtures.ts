// Attachment records and page file links shaped like the server's answers.
import type { AttachmentRecord } from '../attachment';
import type { PageFileLink } from '../list';

export function attachmentRecord(
  id: number,
  overrides: Partial<AttachmentRecord> = {},
): AttachmentRecord {
  const filename = overrides.filename ?? `file-${id}.pdf`;
  return {
    id,
    filename,
    content_type: 'application/pdf',
    byte_size: 2048,
    name: { en: `File ${id}` },
    description: {},
    url: `/files/${id}/${filename}`,
    ...overrides,
  };
}

export function fileLink(id: number, attachmentId: number, position: number): PageFileLink {
  return { id, attachment_id: attachmentId, position, attachment: attachmentRecord(attachmentId) };
}
