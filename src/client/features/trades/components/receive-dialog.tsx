import { Check, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';

/**
 * "I received it", made deliberate: the member says whether everything is as described. Yes
 * confirms receipt; No opens the dispute form instead, so one stray tap cannot give up a claim.
 */
export function ReceiveDialog({
  open,
  onOpenChange,
  onYes,
  onNo,
  pending,
  what,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onYes: () => void;
  onNo: () => void;
  pending: boolean;
  /** The items received, named for the question. */
  what: string;
}) {
  const { t } = useTranslation('trades');
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      testId="dialog-receive"
      headerClassName="text-left"
      title={t('receive.title')}
      description={t('receive.description', { what })}
    >
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={onNo} data-testid="button-receive-not-as-described">
          <ShieldAlert aria-hidden="true" />
          {t('receive.no')}
        </Button>
        <Button onClick={onYes} disabled={pending} data-testid="button-receive-as-described">
          <Check aria-hidden="true" />
          {t('receive.yes')}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
