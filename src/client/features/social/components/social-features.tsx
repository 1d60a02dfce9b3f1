import { Sparkles, Palette, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';

/** Each card's title and text are `features.<key>.title` / `.text` in the social catalogue. */
const FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon; tint: string }> = [
  { key: 'recommendations', icon: Sparkles, tint: 'bg-secondary text-secondary-foreground' },
  { key: 'style', icon: Palette, tint: 'bg-pink-100 text-pink-800' },
  { key: 'influence', icon: TrendingUp, tint: 'bg-green-100 text-green-800' },
];

/**
 * The three feature cards under the Social page heading (docs/product.md, Social). `scroll` (for
 * members, who come for their dashboard) lays them out as a swipeable row on narrow screens
 * instead of a tall stack.
 */
export function SocialFeatureCards({ layout = 'stack' }: { layout?: 'stack' | 'scroll' }) {
  const { t } = useTranslation('social');
  const scroll = layout === 'scroll';
  return (
    <section aria-labelledby="social-features-heading">
      <h2 id="social-features-heading" className="sr-only">
        {t('features.heading')}
      </h2>
      <ul
        className={cn(
          'md:grid md:grid-cols-3 md:gap-4',
          scroll
            ? '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:overflow-visible md:px-0 md:pb-0'
            : 'grid grid-cols-1 gap-3',
        )}
        // The swipeable row must be reachable by keyboard to scroll it.
        tabIndex={scroll ? 0 : undefined}
        aria-label={scroll ? t('features.listLabel') : undefined}
      >
        {FEATURES.map(({ key, icon: Icon, tint }) => (
          <li
            key={key}
            className={cn(scroll && 'w-[86%] max-w-80 shrink-0 snap-start md:w-auto md:max-w-none')}
          >
            <Card className="flex h-full items-start gap-4 p-4 md:p-5">
              <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', tint)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="space-y-1">
                <h3 className="font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`features.${key}.text`)}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
