import { Eye, EyeOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/utils';

export interface PasswordVisibility {
  shown: boolean;
  toggle: () => void;
}

/**
 * A password field whose visibility follows the dialog-wide toggle. Only the field given
 * `withToggle` renders the toggle button, so each form has one button driving every field.
 */
export function PasswordInput({
  visibility,
  withToggle = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { visibility: PasswordVisibility; withToggle?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <div className="relative">
      <Input
        type={visibility.shown ? 'text' : 'password'}
        className={cn(withToggle && 'pr-11', className)}
        {...props}
      />
      {withToggle ? (
        <button
          type="button"
          onClick={visibility.toggle}
          aria-label={t('fields.showPassword')}
          aria-pressed={visibility.shown}
          data-testid="button-toggle-password"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {visibility.shown ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      ) : null}
    </div>
  );
}
