import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';

/** One card of the Preferences tab: an icon and title, a sentence saying what it sets, and its control. */
export function PreferenceCard({
  icon: Icon,
  title,
  description,
  testId,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  testId: string;
  className?: string;
  /** The control; gets the card's id (for names and labels) as its argument. */
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Card
      className={cn('max-w-4xl', className)}
      role="region"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-testid={testId}
    >
      <CardHeader>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl leading-tight font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
        <CardDescription id={`${id}-description`}>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children(id)}</CardContent>
    </Card>
  );
}
