import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';

/** A failed read (not a lost session, which goes to sign-in): say so (`message`) and offer to try again. */
export function SocialLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('social');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-8 text-center"
    >
      <p className="text-sm">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
