import { useTranslation } from 'react-i18next';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { MessagesInbox } from '@client/features/chat';
import { useAuth } from '@client/lib/session';
import { useDocumentMeta } from '@client/lib/document-meta';

/** /messages for members: the inbox, every conversation with its unread count. */
export function MessagesPage() {
  const { t } = useTranslation('layout');
  useDocumentMeta(t('messagesPage.title'));
  const { user } = useAuth();
  return (
    <PageContainer className="max-w-3xl space-y-6 py-8 sm:py-10">
      <PageHeader title={t('messagesPage.title')} description={t('messagesPage.description')} />
      {user ? <MessagesInbox memberId={user.id} /> : null}
    </PageContainer>
  );
}
