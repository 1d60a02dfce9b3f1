import { Bell } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';

/**
 * The member's notifications entry point in the navigation bar. The notifications issue adds
 * the unread badge ('99+' above 99) and the popover listing the first 10 notifications.
 */
export function NotificationBell() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications" data-testid="button-notifications">
          <Bell className="size-5" aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Notifications</TooltipContent>
    </Tooltip>
  );
}
