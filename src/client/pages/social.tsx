import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';

/** /social: the feature cards, dashboard and join prompt arrive with the social issue. */
export function SocialPage() {
  return (
    <PageContainer className="py-10">
      <PageHeader
        title="Social Trading Network"
        description="Connect with traders who share your style and build your reputation"
      />
    </PageContainer>
  );
}
