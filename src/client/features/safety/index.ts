/** The safety feature's public surface: other features and the app import it from here only. */
export { useModerationReports, type ReportStatus } from './api';
export { AccountCard } from './components/account-card';
export { BlockedMemberNotice, MemberSafetyActions } from './components/member-safety-actions';
export { ReportButton } from './components/report-button';
export { ReportCard } from './components/report-card';
export { AppealList, ModerationQueue } from './components/moderation-queue';
export { ActionDialog as ModerationActionDialog } from './components/report-group-card';
export { type ModerationCommand, useModerationCommand } from './moderation-api';
