import { BellPlus, Bookmark, LogIn, MessageCircle, Repeat, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useAuthDialog } from '@client/features/auth';
import { useDocumentMeta } from '@client/lib/document-meta';

interface Prompt {
  icon: LucideIcon;
  /** Its title and text are `auth:prompts.<key>.title` and `.text`. */
  key: 'profile' | 'wishlist' | 'savedSearches' | 'messages' | 'rings' | 'trade';
}

/** What each members' page holds, told to a visitor who opened it. */
const PROMPTS: Readonly<Record<string, Prompt>> = {
  '/profile': { icon: UserRound, key: 'profile' },
  '/wishlist': { icon: Bookmark, key: 'wishlist' },
  '/saved-searches': { icon: BellPlus, key: 'savedSearches' },
  '/messages': { icon: MessageCircle, key: 'messages' },
  '/rings': { icon: Repeat, key: 'rings' },
};

/** One trade's page (/trades/:id), opened from a notification or an email while signed out. */
const TRADE_PROMPT: Prompt = { icon: Repeat, key: 'trade' };

/**
 * A members' page opened by a visitor: what the page is for, and the way in (sign in or sign up)
 * instead of a not-found page. Once they sign in (no reload) the same address shows the member's own.
 */
export function SignInPromptPage() {
  const [path] = useLocation();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const { t } = useTranslation('auth');
  const prompt =
    PROMPTS[path.startsWith('/messages/') ? '/messages' : path] ??
    (path.startsWith('/trades/')
      ? TRADE_PROMPT
      : path.startsWith('/rings/')
        ? PROMPTS['/rings']
        : PROMPTS['/profile']);
  useDocumentMeta(prompt ? t(`prompts.${prompt.key}.title`) : t('links.signIn'));
  if (!prompt) return null;
  const Icon = prompt.icon;

  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md" data-testid="page-sign-in-prompt">
        <CardContent className="flex flex-col items-center gap-4 pt-8 pb-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance">
            {t(`prompts.${prompt.key}.title`)}
          </h1>
          <p className="text-muted-foreground">{t(`prompts.${prompt.key}.text`)}</p>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
            <Button
              onClick={() => openAuthDialog('login')}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              data-testid="button-prompt-sign-in"
            >
              <LogIn aria-hidden="true" />
              {t('common:actions.signIn')}
            </Button>
            <Button
              variant="outline"
              onClick={() => openAuthDialog('register')}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              data-testid="button-prompt-sign-up"
            >
              {t('prompts.createAccount')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
