/** The social feature's public surface: other features and the app import it from here only. */
export { invalidateSocial } from './api';
export { SocialDashboard } from './components/social-dashboard';
export { SocialFeatureCards } from './components/social-features';
export { SocialVisitorView } from './components/social-visitor-view';
export { MemberConnectButton } from './components/member-connect-button';
