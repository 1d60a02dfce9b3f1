import type { User } from '@common/api/users';
import { isoDay, latestReturnDay, MAX_HOLIDAY_DAYS, returnDateProblem } from '@common/domain/holiday';
import { Palmtree, Plane } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { useHolidayMode } from '../api';
import { useReturnDate } from '../return-date';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Preferences tab's 'Holiday mode' card: while away, the member's items are hidden from the
 * marketplace and matches and nobody can send new trade requests; it ends by itself on the return date.
 */
export function HolidayCard({ user, className }: { user: User; className?: string }) {
  const { t } = useTranslation('users');
  const returnDate = useReturnDate();
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
    const checkedAt = new Date();
    const problem = returnDateProblem(until, checkedAt);
    if (problem) {
      return setError(
        t(`holiday.problems.${problem}`, {
          days: MAX_HOLIDAY_DAYS,
          date: returnDate(latestReturnDay(checkedAt)),
        }),
      );
    }
    setError(null);
    try {
      await holiday.mutateAsync(until);
    } catch {
      return;
    }
    toast({
      title: t('holiday.startedTitle'),
      description: t('holiday.startedDescription', { date: returnDate(until) }),
    });
  };

  const end = async () => {
    try {
      await holiday.mutateAsync(null);
    } catch {
      return;
    }
    toast({ title: t('holiday.endedTitle'), description: t('holiday.endedDescription') });
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
          {t('holiday.title')}
        </h2>
        <CardDescription>{t('holiday.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {away && user.holidayUntil ? (
          <p
            className="rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
            role="status"
            data-testid="text-holiday-status"
          >
            {t('holiday.status', { date: returnDate(user.holidayUntil) })}
          </p>
        ) : null}
        <form
          onSubmit={(event) => void start(event)}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label={t('holiday.title')}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-until`}>
              {away ? t('holiday.changeReturnDate') : t('holiday.backOn')}
            </Label>
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
            {away ? t('holiday.changeDate') : t('holiday.start')}
          </Button>
          {away ? (
            <Button
              type="button"
              variant="outline"
              disabled={holiday.isPending}
              onClick={() => void end()}
              data-testid="button-end-holiday"
            >
              {t('holiday.end')}
            </Button>
          ) : null}
        </form>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('holiday.hint', { days: MAX_HOLIDAY_DAYS, date: returnDate(latestReturnDay(now)) })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
