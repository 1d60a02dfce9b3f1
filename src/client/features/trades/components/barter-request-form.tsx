import type { Item } from '@common/api/items';
import { formatDollars } from '@common/domain/money';
import { CONDITION_LABELS } from '@common/domain/taxonomy';
import { offerableItems } from '@common/domain/trade-board';
import { defaultTradeMessage } from '@common/domain/trade-state';
import { MAX_TRADE_MESSAGE_LENGTH } from '@common/domain/limits';
import { ArrowLeftRight, LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { ValueComparison } from '@client/components/value-comparison';
import { DialogFooter } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/form';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { ListItemButton } from '@client/features/items';
import { useUserItems } from '@client/features/users';
import { useCreateTradeRequest } from '../api';
import { ItemThumbnail } from './item-thumbnail';
import { Textarea } from '@client/components/ui/textarea';
import { TradePreviewButton } from './trade-preview-button';

/** docs/product.md (Trades): 'Make a Barter Request': choose one of your items, add a message, confirm. */
export function BarterRequestForm({
  item,
  memberId,
  onSent,
}: {
  item: Item;
  memberId: string;
  onSent: () => void;
}) {
  const myItems = useUserItems(memberId);
  const offerable = useMemo(() => offerableItems(myItems.data ?? [], item.id), [myItems.data, item.id]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const selected = offerable.find((candidate) => candidate.id === selectedId) ?? null;
  const createRequest = useCreateTradeRequest();
  const messageId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) {
      toast({
        title: 'Selection Required',
        description: 'Please select an item from your collection to offer',
        variant: 'destructive',
      });
      return;
    }
    createRequest.mutate(
      { requestedItemId: item.id, offeredItemId: selected.id, message: message.trim() || undefined },
      {
        onSuccess: () => {
          toast({
            title: 'Barter request sent!',
            description: `Your offer for “${item.title}” was sent to ${item.owner.firstName || 'its owner'}.`,
          });
          setSelectedId(null);
          setMessage('');
          onSent();
        },
      },
    );
  };

  const noneToOffer = myItems.isSuccess && offerable.length === 0;

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-5">
      <WantedItem item={item} />

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">Choose an item to offer</legend>
        {myItems.isPending ? (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading your items</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-[4.5rem] w-full" />
            ))}
          </div>
        ) : myItems.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4 text-sm">
            <span className="text-muted-foreground">We couldn't load your items.</span>
            <Button type="button" size="sm" variant="outline" onClick={() => void myItems.refetch()}>
              Try again
            </Button>
          </div>
        ) : noneToOffer ? (
          <NothingToOffer hasItems={(myItems.data ?? []).length > 0} />
        ) : (
          <div
            className="-mx-1 grid gap-2 px-1 py-1 sm:max-h-72 sm:overflow-y-auto"
            data-testid="select-offered-item"
          >
            {offerable.map((candidate) => (
              <OfferOption
                key={candidate.id}
                item={candidate}
                checked={candidate.id === selectedId}
                onSelect={() => setSelectedId(candidate.id)}
              />
            ))}
          </div>
        )}
      </fieldset>

      {selected ? (
        <ValueComparison
          yours={{ title: selected.title, value: selected.estimatedValue }}
          theirs={{ title: item.title, value: item.estimatedValue }}
        />
      ) : null}

      {noneToOffer ? null : (
        <Field id={messageId} label="Message" labelNote="(optional)">
          {(fieldControl) => (
            <Textarea
              {...fieldControl}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={
                selected
                  ? defaultTradeMessage(selected.title, item.title)
                  : 'Add a personal note. A friendly default message is sent if you leave this empty.'
              }
              maxLength={MAX_TRADE_MESSAGE_LENGTH}
              rows={3}
              data-testid="input-barter-message"
            />
          )}
        </Field>
      )}

      <DialogFooter className="gap-2 sm:justify-between">
        <TradePreviewButton offeredItem={selected} requestedItem={item} />
        <Button
          type="submit"
          disabled={createRequest.isPending || noneToOffer}
          className="w-full sm:w-auto"
          data-testid="button-confirm-trade"
        >
          {createRequest.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ArrowLeftRight aria-hidden="true" />
          )}
          {createRequest.isPending ? 'Sending...' : 'Confirm Trade Request'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function WantedItem({ item }: { item: Item }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/40 p-3">
      <ItemThumbnail images={item.images} className="size-16" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">You want</p>
        <p className="line-clamp-2 font-semibold break-words">{item.title}</p>
        <p className="text-sm text-muted-foreground">
          {formatDollars(item.estimatedValue)} · {CONDITION_LABELS[item.condition]}
          {item.owner.firstName ? ` · from ${item.owner.firstName}` : ''}
        </p>
      </div>
    </div>
  );
}

/** One of the member's items as a radio card; the native radio keeps arrow-key navigation. */
function OfferOption({ item, checked, onSelect }: { item: Item; checked: boolean; onSelect: () => void }) {
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer items-center gap-3 rounded-lg border bg-card p-2.5 transition-colors hover:bg-accent/60',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-secondary/60 ring-1 ring-primary',
      )}
      data-testid={`option-offered-item-${item.id}`}
    >
      <input
        type="radio"
        name="offered-item"
        value={item.id}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
      />
      <ItemThumbnail images={item.images} className="size-12" />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words">{item.title}</span>
        <span className="block text-xs text-muted-foreground">
          {formatDollars(item.estimatedValue)} · {CONDITION_LABELS[item.condition]}
          {item.size ? ` · Size ${item.size}` : ''}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-5 shrink-0 items-center justify-center rounded-full border-2',
          checked ? 'border-primary' : 'border-input',
        )}
      >
        {checked ? <span className="size-2.5 rounded-full bg-primary" /> : null}
      </span>
    </label>
  );
}

function NothingToOffer({ hasItems }: { hasItems: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-center">
      <p className="font-medium">
        {hasItems ? 'No items available to offer' : "You haven't listed any items yet"}
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {hasItems
          ? 'Your items are unlisted or already promised in another trade. List another piece to make an offer.'
          : 'List a piece from your wardrobe, then come back to offer it for this one.'}
      </p>
      <ListItemButton size="sm" data-testid="button-barter-list-item" />
    </div>
  );
}
