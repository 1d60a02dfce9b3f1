import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '@client/lib/session';
import { cn } from '@client/lib/utils';
import { isSomeoneElsesProfile, type NavLink } from './nav-links';

/**
 * A navigation link that marks the current page with aria-current. Other anchor props pass
 * through, so a SheetClose can wrap it (asChild) and close the menu on click.
 */
export function NavLinkItem({
  link,
  variant,
  testIdPrefix = '',
  className,
  ...props
}: Omit<ComponentProps<'a'>, 'href'> & {
  link: NavLink;
  variant: 'bar' | 'menu';
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('layout');
  const [location] = useLocation();
  const search = useSearch();
  const { user } = useAuth();
  const active = location === link.href && !isSomeoneElsesProfile(location, search, user?.id);
  const Icon = link.icon;

  return (
    <Link
      {...props}
      href={link.href}
      aria-current={active ? 'page' : undefined}
      data-testid={`${testIdPrefix}${link.testId}`}
      className={cn(
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        variant === 'bar'
          ? [
              'relative inline-flex items-center px-3 py-3 text-sm font-medium transition-colors',
              'after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full',
              active
                ? 'text-foreground after:bg-primary'
                : 'text-muted-foreground after:bg-transparent hover:text-foreground',
            ]
          : [
              'flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium transition-colors',
              active ? 'bg-secondary text-secondary-foreground' : 'hover:bg-muted',
            ],
        className,
      )}
    >
      {/* i18n-ignore: a variant's name, not a text */}
      {variant === 'menu' ? <Icon className="size-5 text-muted-foreground" aria-hidden="true" /> : null}
      {t(`nav.${link.labelKey}`)}
    </Link>
  );
}
