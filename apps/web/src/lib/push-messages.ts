/**
 * What the service worker posts to open tabs: a push message that arrived while the app was in
 * the foreground (the page shows it), or a subscription the browser replaced (the page sends it).
 */
export const PUSH_MESSAGE_TYPE = 'kkb-push';
export const PUSH_SUBSCRIPTION_CHANGED_TYPE = 'kkb-push-subscription-changed';

export interface ForegroundPush {
  title?: string;
  body?: string;
  icon?: string;
  image?: string;
  label?: string;
  data?: { link?: string; notificationId?: string };
}
