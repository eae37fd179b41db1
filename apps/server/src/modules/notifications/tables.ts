/** Notifications and their preferences: the user's own, keyed by the user (DESIGN). */
export interface NotificationsTable {
  id: string;
  userId: string;
  /** One of core's notification types. */
  type: string;
  title: string;
  message: string;
  /** JSON text: the notification's free data (`link`, ids). */
  data: string;
  /** 0/1. */
  read: number;
  /** When it was first read; never moves after. */
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPreferencesTable {
  userId: string;
  /** JSON text: the preferences (read back over the defaults, see core's preferencesFromStored). */
  preferences: string;
  updatedAt: string;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
}
