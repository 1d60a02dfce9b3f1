/** The users feature's public surface: other features and the app import it from here only. */
export { useAuthUser, useUserItems } from './api';
export { FavoritesTab } from './components/favorites-tab';
export { MyItemsTab } from './components/my-items-tab';
export { PreferencesForm } from './components/preferences-form';
export { ProfileHeader, ProfileStats } from './components/profile-summary';
export { PublicProfile } from './components/public-profile';
export { OnboardingDialog } from './components/onboarding-dialog';
