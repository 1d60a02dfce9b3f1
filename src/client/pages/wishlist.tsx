import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';

/** /wishlist (members): the wishlist form, matches and entries arrive with the wishlist issue. */
export function WishlistPage() {
  return (
    <PageContainer className="py-10">
      <PageHeader title="My Wishlist" description="Get notified when the pieces you are hunting for are listed" />
    </PageContainer>
  );
}
