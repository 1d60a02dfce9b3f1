import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { PublicProfile } from '@client/features/users';
import { useDocumentMeta } from '@client/lib/document-meta';
import { SignInPromptPage } from './sign-in-prompt';

/**
 * /profile for a visitor (docs/product.md, Visitors): another member's public profile with
 * ?user={id}; without it, their own profile's sign-in prompt.
 */
export function VisitorProfilePage() {
  const viewedId = new URLSearchParams(useSearch()).get('user');
  if (!viewedId) return <SignInPromptPage />;
  return <VisitorPublicProfile userId={viewedId} />;
}

function VisitorPublicProfile({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  useDocumentMeta(t('profile.memberDocumentTitle'));
  return (
    <PageContainer className="py-8 sm:py-10">
      <PublicProfile key={userId} userId={userId} />
    </PageContainer>
  );
}
