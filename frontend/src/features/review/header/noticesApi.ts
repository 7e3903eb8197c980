// The calls of the header's parts and the account's mail switches (issue 32): the counts
// (/admin/reviews/counts.json), the notifications (/admin/notifications.json, read.json) and
// which kinds come by mail (/admin/account/notifications.json).
import type { HeaderCounts, Notices, NotificationSettings } from '../../../api/types';
import { api } from '../../../api/client';

export type MailSettings = NotificationSettings['mail'];

export interface NoticesApi {
  counts(): Promise<HeaderCounts>;
  /** One page (50) of the user's notifications, newest first. */
  list(page: number): Promise<Notices>;
  /** Mark those of `ids` read (null: all); answers how many stay unread. */
  markRead(ids: number[] | null): Promise<number>;
  mailSettings(): Promise<MailSettings>;
  setMailSettings(mail: MailSettings): Promise<MailSettings>;
}

export function createNoticesApi(): NoticesApi {
  return {
    counts: () => api.get('/admin/reviews/counts.json', {}),
    list: (page) => api.get('/admin/notifications.json', { query: { page } }),
    markRead: async (ids) => (await api.post('/admin/notifications/read.json', { ids })).unread,
    mailSettings: async () => (await api.get('/admin/account/notifications.json', {})).mail,
    setMailSettings: async (mail) =>
      (await api.put('/admin/account/notifications.json', { mail })).mail,
  };
}
