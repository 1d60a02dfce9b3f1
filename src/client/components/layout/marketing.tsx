import { Check, type LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';

/**
 * The blocks the explanatory pages (How It Works, Social for visitors, the home pages) are made of.
 */

/** One numbered step: its icon and 'Step n', the title and the text. `compact` for four to a row. */
export function StepCard({
  icon: Icon,
  step,
  title,
  text,
  compact = false,
}: {
  icon: LucideIcon;
  step: number;
  title: string;
  text: ReactNode;
  compact?: boolean;
}) {
  const { t } = useTranslation('layout');
  return (
    <Card className="h-full">
      <CardHeader className={compact ? 'pb-3' : undefined}>
        <div className="mb-2 flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm font-semibold text-primary">{t('step', { step })}</span>
        </div>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className={cn('text-muted-foreground', compact && 'text-sm')}>{text}</p>
      </CardContent>
    </Card>
  );
}

/** A list of points, each behind a check mark. */
export function CheckList({ points, className }: { points: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {points.map((point) => (
        <li key={point} className="flex gap-2.5">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A call-out in the primary colour with a soft coral glow in one corner (`glowClassName` places
 * it); `contentClassName` lays out what it holds. A section by default (give it aria-labelledby),
 * or a div inside one.
 */
export function PrimaryBanner({
  as: Tag = 'section',
  className,
  glowClassName,
  contentClassName,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'children' | 'ref'> & {
  as?: 'section' | 'div';
  glowClassName: string;
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <Tag
      className={cn(
        'relative overflow-hidden rounded-2xl bg-primary px-6 text-primary-foreground',
        className,
      )}
      {...props}
    >
      <div
        aria-hidden="true"
        className={cn('pointer-events-none absolute rounded-full bg-coral/30 blur-3xl', glowClassName)}
      />
      <div className={cn('relative', contentClassName)}>{children}</div>
    </Tag>
  );
}
