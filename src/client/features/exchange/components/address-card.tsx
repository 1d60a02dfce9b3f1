import { MapPin, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { useDeleteAddress, useMyAddress } from '../api';
import { AddressForm } from './address-form';

/**
 * Account settings' "Shipping address" card: the member's private address, which only the member
 * who sends them an item in an accepted swap ever sees.
 */
export function AddressCard({ className }: { className?: string }) {
  const { t } = useTranslation('exchange');
  const { data, isPending } = useMyAddress();
  const remove = useDeleteAddress();
  const address = data?.address ?? null;
  return (
    <Card
      className={cn('max-w-4xl', className)}
      role="region"
      aria-labelledby="address-card-title"
      data-testid="card-address"
    >
      <CardHeader>
        <h2 id="address-card-title" className="flex items-center gap-2 text-xl leading-tight font-semibold">
          <MapPin className="size-5 text-primary" aria-hidden="true" />
          {t('address.title')}
        </h2>
        <CardDescription>{t('address.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? null : (
          <AddressForm
            key={address ? 'saved' : 'empty'}
            address={address}
            onSaved={() => toast({ title: t('address.saved') })}
          />
        )}
        {address ? (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => toast({ title: t('address.deleted') }) })
            }
            data-testid="button-delete-address"
          >
            <Trash2 aria-hidden="true" />
            {t('address.delete')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
