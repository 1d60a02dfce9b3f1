import type { Item } from '@common/api/items';
import { Box } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';

export interface TradePreviewButtonProps {
  /** The member's chosen item, or null before they choose. */
  offeredItem: Item | null;
  requestedItem: Item;
}

/**
 * 'Preview Trade in 3D' (spec §2). The 3D preview issue wires it here, and only here: replace
 * the disabled button with one that opens the lazily loaded preview dialog for these two items.
 * Until then it is shown disabled, and its tooltip (on a focusable wrapper, since a disabled
 * button gets no pointer events) says it is coming soon.
 */
export function TradePreviewButton(_props: TradePreviewButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="inline-flex w-full rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-auto"
        >
          <Button type="button" variant="outline" disabled className="w-full" data-testid="button-preview-3d">
            <Box aria-hidden="true" />
            Preview Trade in 3D
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>Coming soon</TooltipContent>
    </Tooltip>
  );
}
