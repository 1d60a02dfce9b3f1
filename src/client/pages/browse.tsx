import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';

/** /browse: search, filters and the item grid arrive with the items issue. */
export function BrowsePage() {
  return (
    <PageContainer className="py-10">
      <PageHeader title="Browse & Barter" description="Find your perfect fashion match" />
    </PageContainer>
  );
}
