/** The community feature's public surface: its settings, the admins' panel, the banner, rules and invitations. */
export { COMMUNITY_URL, useCommunity, useCreateInvitation, useCurrency, useUpdateCommunity } from './api';
export { AnnouncementBanner } from './components/announcement-banner';
export { CommunityRulesText, useCommunityRulesSection } from './components/community-rules';
export { CommunitySettingsPanel } from './components/community-settings-panel';
export { InviteCard } from './components/invite-card';
