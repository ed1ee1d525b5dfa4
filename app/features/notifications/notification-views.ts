/** The notification shapes the bell renders: plain data, safe to import from components. */

export const NOTIFICATION_LIST_SIZE = 10;

interface NotificationItem {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface NotificationList {
  items: NotificationItem[];
  unreadCount: number;
}
