import { CircleAlert, ExternalLink } from 'lucide-react';
import type { ExternalSignInError } from '@common/domain/external-sign-in';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Button } from '@client/components/ui/button';
import { Separator } from '@client/components/ui/separator';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useDemoMode, useExternalSignIn } from '@client/lib/session';
import { BrandMark } from '@client/components/layout/brand-mark';
import type { AuthReason, AuthTab } from './auth-dialog-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** Why the external sign-in the browser came back from failed, shown at the top; null when none did. */
  externalError: ExternalSignInError | null;
  /** What the visitor gets by signing in, when the dialog was opened from an action; null otherwise. */
  reason: AuthReason | null;
}

/** The first field of each tab; it takes the focus when the dialog opens. */
const FIRST_FIELD_ID: Record<AuthTab, string> = { login: 'login-email', register: 'register-first-name' };

export function AuthDialog({ open, onOpenChange, tab, onTabChange, externalError, reason }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        data-testid="dialog-auth"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(FIRST_FIELD_ID[tab])?.focus();
        }}
      >
        <AuthDialogBody
          tab={tab}
          onTabChange={onTabChange}
          externalError={externalError}
          reason={reason}
          // As docs/product.md (Screens) has it: the forms have already turned the app into the
          // member's view of the same address (no reload), so a visitor asked to sign in from an
          // action stays where they were; the dialog just closes.
          onSignedIn={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so the forms and the password toggle start fresh each time. */
function AuthDialogBody({
  tab,
  onTabChange,
  externalError,
  reason,
  onSignedIn,
}: Pick<AuthDialogProps, 'tab' | 'onTabChange' | 'externalError' | 'reason'> & { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [passwordShown, setPasswordShown] = useState(false);
  const external = useExternalSignIn();
  const demo = useDemoMode();
  const signingIn = tab === 'login';
  const visibility = { shown: passwordShown, toggle: () => setPasswordShown((shown) => !shown) };

  return (
    <>
      <DialogHeader className="items-center sm:items-start">
        <BrandMark className="mb-1 size-10" />
        <DialogTitle>{signingIn ? t('dialog.loginTitle') : t('dialog.registerTitle')}</DialogTitle>
        <DialogDescription data-testid="text-auth-reason">
          {reason
            ? t(reason.textKey)
            : signingIn
              ? t('dialog.loginDescription')
              : t('dialog.registerDescription')}
        </DialogDescription>
        {demo && reason?.demoNoteKey ? (
          <p className="text-xs text-muted-foreground" data-testid="text-auth-demo-note">
            {t(reason.demoNoteKey)}
          </p>
        ) : null}
      </DialogHeader>

      {externalError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
          data-testid="text-external-sign-in-error"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t(`externalErrors.${externalError}`)}</span>
        </p>
      ) : null}

      <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'register' ? 'register' : 'login')}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login" data-testid="tab-login">
            {t('common:actions.signIn')}
          </TabsTrigger>
          <TabsTrigger value="register" data-testid="tab-register">
            {t('common:actions.signUp')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm visibility={visibility} onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm visibility={visibility} onSignedIn={onSignedIn} />
        </TabsContent>
      </Tabs>

      {external ? (
        <div className="grid gap-3">
          <div className="flex items-center gap-3 text-xs text-muted-foreground">
            <Separator className="flex-1" />
            {t('dialog.or')}
            <Separator className="flex-1" />
          </div>
          {/* A full-page navigation: the provider's sign-in page, then back to the app. */}
          <Button asChild variant="outline" size="lg" className="w-full">
            <a href="/api/auth/external" data-testid="button-external-sign-in">
              <ExternalLink aria-hidden="true" />
              {t('dialog.continueWith', { provider: external.providerName })}
            </a>
          </Button>
        </div>
      ) : null}
    </>
  );
}
