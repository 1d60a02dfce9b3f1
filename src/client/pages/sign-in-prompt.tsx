import { BellPlus, Bookmark, LogIn, MessageCircle, Repeat, UserRound, type LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useAuthDialog } from '@client/features/auth';
import { useDocumentMeta } from '@client/lib/document-meta';

interface Prompt {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** What each members' page holds, told to a visitor who opened it. */
const PROMPTS: Readonly<Record<string, Prompt>> = {
  '/profile': {
    icon: UserRound,
    title: 'Sign in to see your profile',
    text: 'Your profile keeps your listings, your barter requests, your favourites and the reviews other members left you.',
  },
  '/wishlist': {
    icon: Bookmark,
    title: 'Sign in to keep a wishlist',
    text: "Save what you are looking for, and we'll tell you as soon as a matching item is listed.",
  },
  '/saved-searches': {
    icon: BellPlus,
    title: 'Sign in to save searches',
    text: 'Save a Browse search, and we tell you as soon as a new listing matches it.',
  },
  '/messages': {
    icon: MessageCircle,
    title: 'Sign in to read your messages',
    text: 'Ask owners about their items and agree on your swaps in one place.',
  },
  '/rings': {
    icon: Repeat,
    title: 'Sign in to join swap rings',
    text: 'Tell us what you would swap for, and we find rings of members where everyone gets something they want.',
  },
};

/**
 * A members' page opened by a visitor: what the page is for, and the way in (sign in or sign up)
 * instead of a not-found page. Signing in reloads the page, which then shows the member's own.
 */
export function SignInPromptPage() {
  const [path] = useLocation();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const prompt = PROMPTS[path] ?? PROMPTS['/profile'];
  useDocumentMeta(prompt?.title ?? 'Sign in');
  if (!prompt) return null;
  const Icon = prompt.icon;

  return (
    <PageContainer className="flex flex-1 items-center justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md" data-testid="page-sign-in-prompt">
        <CardContent className="flex flex-col items-center gap-4 pt-8 pb-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance">{prompt.title}</h1>
          <p className="text-muted-foreground">{prompt.text}</p>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
            <Button
              onClick={() => openAuthDialog('login')}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              data-testid="button-prompt-sign-in"
            >
              <LogIn aria-hidden="true" />
              Sign In
            </Button>
            <Button
              variant="outline"
              onClick={() => openAuthDialog('register')}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              data-testid="button-prompt-sign-up"
            >
              Create an account
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
