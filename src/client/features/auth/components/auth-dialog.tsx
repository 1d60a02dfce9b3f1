import { Info } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { BrandMark } from '@client/components/layout/brand-mark';
import type { AuthTab } from './auth-dialog-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
}

/** The first field of each tab; it takes the focus when the dialog opens. */
const FIRST_FIELD_ID: Record<AuthTab, string> = { login: 'login-email', register: 'register-first-name' };

/** As docs/product.md (Screens) has it: on success the dialog closes and the page reloads into the member's view. */
function finishSignIn(close: () => void): void {
  close();
  window.location.reload();
}

export function AuthDialog({ open, onOpenChange, tab, onTabChange }: AuthDialogProps) {
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
          onSignedIn={() => finishSignIn(() => onOpenChange(false))}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so the forms and the password toggle start fresh each time. */
function AuthDialogBody({
  tab,
  onTabChange,
  onSignedIn,
}: Pick<AuthDialogProps, 'tab' | 'onTabChange'> & { onSignedIn: () => void }) {
  const [passwordShown, setPasswordShown] = useState(false);
  const visibility = { shown: passwordShown, toggle: () => setPasswordShown((shown) => !shown) };

  return (
    <>
      <DialogHeader className="items-center sm:items-start">
        <BrandMark className="mb-1 size-10" />
        <DialogTitle>{tab === 'login' ? 'Welcome back' : 'Join Threadswap'}</DialogTitle>
        <DialogDescription>
          {tab === 'login'
            ? 'Sign in to swap, save favourites and chat with other traders.'
            : 'Create a free account and start swapping pre-loved fashion.'}
        </DialogDescription>
      </DialogHeader>

      <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'register' ? 'register' : 'login')}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login" data-testid="tab-login">
            Sign In
          </TabsTrigger>
          <TabsTrigger value="register" data-testid="tab-register">
            Sign Up
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm visibility={visibility} onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm visibility={visibility} onSignedIn={onSignedIn} />
        </TabsContent>
      </Tabs>

      <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-xs text-muted-foreground">
        <Info className="mt-px size-4 shrink-0" aria-hidden="true" />
        <span>
          Sign-in with an external account is temporarily unavailable. Please use your email and password.
        </span>
      </p>
    </>
  );
}
