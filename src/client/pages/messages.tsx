import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { MessagesInbox } from '@client/features/chat';
import { useAuth } from '@client/lib/session';
import { useDocumentMeta } from '@client/lib/document-meta';

/** /messages for members: the inbox, every conversation with its unread count. */
export function MessagesPage() {
  useDocumentMeta('Messages');
  const { user } = useAuth();
  return (
    <PageContainer className="max-w-3xl space-y-6 py-8 sm:py-10">
      <PageHeader title="Messages" description="Your conversations about swaps, newest first." />
      {user ? <MessagesInbox memberId={user.id} /> : null}
    </PageContainer>
  );
}
