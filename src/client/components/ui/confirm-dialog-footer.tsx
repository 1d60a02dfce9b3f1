import { LoaderCircle, type LucideIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';

/**
 * The footer of a dialog's form: a button that backs out (`cancelLabel`) and the submit button,
 * whose icon turns into a spinner and whose label into `pendingLabel` (when given) while `pending`.
 * `destructive` for the confirmations that cannot be undone.
 */
export function ConfirmDialogFooter({
  cancelLabel,
  onCancel,
  confirmLabel,
  pendingLabel,
  icon: Icon,
  pending,
  disabled = false,
  destructive = false,
  testId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  pendingLabel?: string;
  icon: LucideIcon;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
  testId: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        variant={destructive ? 'destructive' : undefined}
        disabled={pending || disabled}
        data-testid={testId}
      >
        {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
        {pending && pendingLabel ? pendingLabel : confirmLabel}
      </Button>
    </DialogFooter>
  );
}
