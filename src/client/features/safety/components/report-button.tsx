import { Flag } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { ButtonProps } from '@client/components/ui/button';
import { DialogButton } from '@client/components/ui/dialog-button';
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
  if (!user || user.id === ownerId) return null;

  return (
    <DialogButton
      icon={Flag}
      label={label ?? t('report.button')}
      variant={variant}
      size={size}
      className={className}
      testId={testId}
      dialog={(state) => <ReportDialog target={target} {...state} />}
    />
  );
}
