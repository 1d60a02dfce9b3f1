/** The admin console's feature: its public surface, for the /admin page. */
export { AdminDashboard } from './components/dashboard';
export { MemberDirectory } from './components/member-directory';
export { MemberDetail } from './components/member-detail';
export { AuditLog } from './components/audit-log';
