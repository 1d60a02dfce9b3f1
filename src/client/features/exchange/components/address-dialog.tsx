import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { useMyAddress } from '../api';
import { AddressForm } from './address-form';

/**
 * Asks a member for their shipping address on an accepted swap (when they accept, or on the swap
 * while they have none): their partner needs it to send their item.
 */
export function AddressDialog({
  open,
  onOpenChange,
  partnerName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerName: string;
}) {
  const { t } = useTranslation('exchange');
  const { data } = useMyAddress({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="dialog-address">
        <DialogHeader className="text-left">
          <DialogTitle>{t('prompt.title')}</DialogTitle>
          <DialogDescription>{t('prompt.description', { name: partnerName })}</DialogDescription>
        </DialogHeader>
        <AddressForm
          address={data?.address ?? null}
          submitLabel={t('prompt.save')}
          onSaved={() => {
            toast({
              title: t('address.saved'),
              description: t('prompt.savedDescription', { name: partnerName }),
            });
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
