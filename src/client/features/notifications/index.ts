/** The notifications feature's public surface: other features and the app import it from here only. */
export { invalidateNotificationList, invalidateNotifications, setUnreadNotificationCount } from './api';
export { NotificationBell } from './components/notification-bell';
export { EmailSettingsCard } from './components/email-settings-card';
