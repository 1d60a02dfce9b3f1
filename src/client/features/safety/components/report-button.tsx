import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { useAuth } from '@client/lib/session';
import type { ReportTarget } from './report-dialog';

// The dialog brings the report schema (and zod); it loads on the first click.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * 'Report' for an item or a member. Renders nothing for visitors and for the member's own item or
 * profile (the server refuses those reports), so a view can place it unconditionally.
 */
export function ReportButton({
  target,
  ownerId,
  label,
  variant = 'ghost',
  size = 'sm',
  className,
  testId,
}: {
  target: ReportTarget;
  /** The member the report is about: the item's owner, or the member themself. */
  ownerId: string;
  /** The button's text; 'Report' when not given. */
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation('safety');
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  if (!user || user.id === ownerId) return null;

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        <Flag aria-hidden="true" />
        {label ?? t('report.button')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
