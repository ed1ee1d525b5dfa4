/** The notification shapes the bell renders: plain data, safe to import from components. */

export const NOTIFICATION_LIST_SIZE = 10;

interface NotificationItem {
  id: string;
  type: string;
  /** Worded in the reader's language (from its data, or the text stored when it was written when it has none). */
  title: string;
  message: string;
  /** The page it is about, if any: following it marks it read. */
  href: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationList {
  items: NotificationItem[];
  unreadCount: number;
}
