import type { User } from '@common/api/users';
import { formatReturnDate, isoDay, latestReturnDay, returnDateProblem } from '@common/domain/holiday';
import { Palmtree, Plane } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { useHolidayMode } from '../api';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Preferences tab's 'Holiday mode' card: while away, the member's items are hidden from the
 * marketplace and matches and nobody can send new trade requests; it ends by itself on the return date.
 */
export function HolidayCard({ user, className }: { user: User; className?: string }) {
  const id = useId();
  const now = new Date();
  const tomorrow = isoDay(new Date(now.getTime() + DAY_MS));
  const [until, setUntil] = useState(
    user.holidayUntil ? isoDay(new Date(user.holidayUntil)) : isoDay(new Date(now.getTime() + 14 * DAY_MS)),
  );
  const [error, setError] = useState<string | null>(null);
  const holiday = useHolidayMode();
  const away = Boolean(user.holidayUntil);

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = returnDateProblem(until, new Date());
    if (problem) return setError(problem);
    setError(null);
    try {
      await holiday.mutateAsync(until);
    } catch {
      return;
    }
    toast({
      title: 'Holiday mode is on',
      description: `Your items are hidden until ${formatReturnDate(until)}.`,
    });
  };

  const end = async () => {
    try {
      await holiday.mutateAsync(null);
    } catch {
      return;
    }
    toast({ title: 'Welcome back', description: 'Your items are back in the marketplace.' });
  };

  return (
    <Card
      className={cn('max-w-4xl', className)}
      aria-labelledby={`${id}-title`}
      role="region"
      data-testid="card-holiday"
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl leading-tight font-semibold">
          <Palmtree className="size-5 text-primary" aria-hidden="true" />
          Holiday mode
        </h2>
        <CardDescription>
          Going away? Your items leave Browse, search and matches, and nobody can send you new trade
          requests. Requests you already have stay. It ends by itself on your return date.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {away && user.holidayUntil ? (
          <p
            className="rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
            role="status"
            data-testid="text-holiday-status"
          >
            You are away until {formatReturnDate(user.holidayUntil)}. Your items are hidden.
          </p>
        ) : null}
        <form
          onSubmit={(event) => void start(event)}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Holiday mode"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-until`}>{away ? 'Change your return date' : 'Back on'}</Label>
            <Input
              id={`${id}-until`}
              type="date"
              className="sm:w-48"
              min={tomorrow}
              max={latestReturnDay(now)}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              data-testid="input-holiday-until"
            />
          </div>
          <Button type="submit" disabled={holiday.isPending} data-testid="button-start-holiday">
            <Plane aria-hidden="true" />
            {away ? 'Change date' : 'Start holiday mode'}
          </Button>
          {away ? (
            <Button
              type="button"
              variant="outline"
              disabled={holiday.isPending}
              onClick={() => void end()}
              data-testid="button-end-holiday"
            >
              End holiday mode
            </Button>
          ) : null}
        </form>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Up to 90 days, until {formatReturnDate(latestReturnDay(now))}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
