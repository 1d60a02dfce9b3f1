import type { Item } from '@common/api/items';
import { Box } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { loadTradePreviewDialog } from '@client/features/trade-preview';

export interface TradePreviewButtonProps {
  /** The member's chosen item, or null before they choose. */
  offeredItem: Item | null;
  requestedItem: Item;
  /** A bundle's further items on each side. */
  moreOffered?: Item[];
  moreRequested?: Item[];
}

/*
 * The preview dialog is its own chunk, fetched on the first click (or hover, to save a moment);
 * three.js is a further chunk that the dialog fetches only when it shows the 3D view (to keep the first load small).
 */
const TradePreviewDialog = lazy(() =>
  loadTradePreviewDialog().then((module) => ({ default: module.TradePreviewDialog })),
);

/**
 * 'Preview Trade in 3D' (docs/product.md, Trades) in the barter request form. It opens the interactive preview
 * of the two items once the member has chosen what to offer; before that it is disabled, and
 * its tooltip (on a focusable wrapper, since a disabled button gets no pointer events) says why.
 */
export function TradePreviewButton({
  offeredItem,
  requestedItem,
  moreOffered,
  moreRequested,
}: TradePreviewButtonProps) {
  const { t } = useTranslation('trades');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing can play the dialog's exit animation.
  const [opened, setOpened] = useState(false);

  if (!offeredItem) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            tabIndex={0}
            className="inline-flex w-full rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-auto"
          >
            <Button
              type="button"
              variant="outline"
              disabled
              className="w-full"
              data-testid="button-preview-3d"
            >
              <Box aria-hidden="true" />
              {t('previewButton.label')}
            </Button>
          </span>
        </TooltipTrigger>
        <TooltipContent>{t('previewButton.chooseFirst')}</TooltipContent>
      </Tooltip>
    );
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto"
        onPointerEnter={() => void loadTradePreviewDialog().catch(() => undefined)}
        onFocus={() => void loadTradePreviewDialog().catch(() => undefined)}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="button-preview-3d"
      >
        <Box aria-hidden="true" />
        {t('previewButton.label')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <TradePreviewDialog
            open={open}
            onOpenChange={setOpen}
            offeredItem={offeredItem}
            requestedItem={requestedItem}
            moreOffered={moreOffered}
            moreRequested={moreRequested}
          />
        </Suspense>
      ) : null}
    </>
  );
}
