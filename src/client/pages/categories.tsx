import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';

/** /categories: the category cards and their items arrive with the items issue. */
export function CategoriesPage() {
  return (
    <PageContainer className="py-10">
      <PageHeader title="Shop by Category" description="Explore pre-loved fashion, one category at a time" />
    </PageContainer>
  );
}
