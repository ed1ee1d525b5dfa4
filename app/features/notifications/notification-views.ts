/** The notification shapes the bell renders: plain data, safe to import from components. */

export const NOTIFICATION_LIST_SIZE = 10;

interface NotificationItem {
  id: string;
  type: string;
  /** What it is about; the bell words it from this and the type in the reader's language (null on old rows). */
  data: Record<string, unknown> | null;
  /** The text stored when it was written, shown when there is no data to word it from. */
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationList {
  items: NotificationItem[];
  unreadCount: number;
}
