import type { AdminStats, WeeklyActivity } from '@common/api/admin';
import { Gavel, ShieldAlert, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Link } from 'wouter';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useAdminStats } from '../api';

type SeriesKey = Exclude<keyof WeeklyActivity, 'week'>;

/** Colours from the theme, so the charts follow light and dark mode. */
const COLOURS: Record<SeriesKey, string> = {
  newMembers: 'var(--color-primary)',
  newListings: 'oklch(0.62 0.16 45)',
  completedSwaps: 'var(--color-primary)',
  completedRings: 'oklch(0.62 0.16 45)',
};

/** The console's first tab: activity per week, and what waits for moderators. */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  if (stats.isError)
    return (
      <p role="alert" className="text-destructive">
        {t('dashboard.error')}
      </p>
    );
  if (!stats.data) return <DashboardSkeleton />;
  return (
    <div className="grid gap-6" data-testid="admin-dashboard">
      <OpenCounts stats={stats.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <WeeklyChart
          id="chart-growth"
          kind="bar"
          title={t('dashboard.growthTitle')}
          weeks={stats.data.weeks}
          series={['newMembers', 'newListings']}
        />
        <WeeklyChart
          id="chart-swaps"
          kind="line"
          title={t('dashboard.swapsTitle')}
          weeks={stats.data.weeks}
          series={['completedSwaps', 'completedRings']}
        />
      </div>
    </div>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-6" role="status" aria-label={t('dashboard.loading')}>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-24" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
      </div>
    </div>
  );
}

/** A duration in seconds as hours, or days past two days. */
function useDuration() {
  const { t } = useTranslation('admin');
  const { number } = useFormat();
  return (seconds: number) => {
    const hours = seconds / 3600;
    if (hours < 1) return t('dashboard.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
    if (hours < 48)
      return t('dashboard.hours', { count: Math.round(hours), value: number(Math.round(hours)) });
    const days = Math.round(hours / 24);
    return t('dashboard.days', { count: days, value: number(days) });
  };
}

function OpenCounts({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  const duration = useDuration();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Figure
        icon={<ShieldAlert aria-hidden="true" />}
        label={t('dashboard.openReports')}
        value={String(stats.openReports)}
        link={{ href: '/moderation', text: t('dashboard.toQueue') }}
        testId="stat-open-reports"
      />
      <Figure
        icon={<Gavel aria-hidden="true" />}
        label={t('dashboard.openDisputes')}
        value={String(stats.openDisputes)}
        link={{ href: '/moderation?tab=disputes', text: t('dashboard.toDisputes') }}
        testId="stat-open-disputes"
      />
      <Figure
        icon={<Timer aria-hidden="true" />}
        label={t('dashboard.median')}
        value={
          stats.medianReportResolutionSeconds === null
            ? t('dashboard.noMedian')
            : duration(stats.medianReportResolutionSeconds)
        }
        note={
          stats.medianReportResolutionSeconds === null
            ? undefined
            : t('dashboard.medianNote', { count: stats.reportsResolved })
        }
        link={{ href: '/moderation?tab=resolved', text: t('dashboard.toResolved') }}
        testId="stat-median"
      />
    </div>
  );
}

function Figure({
  icon,
  label,
  value,
  note,
  link,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  link: { href: string; text: string };
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-1 p-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
          {icon}
          {label}
        </p>
        <p className="text-2xl font-semibold">{value}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
        <Link
          href={link.href}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {link.text}
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * One chart of weekly figures, in a figure titled by its caption. The drawing is hidden from
 * assistive technology, which reads the same figures in a table instead (visually hidden).
 */
function WeeklyChart({
  id,
  kind,
  title,
  weeks,
  series,
}: {
  id: string;
  kind: 'bar' | 'line';
  title: string;
  weeks: WeeklyActivity[];
  series: SeriesKey[];
}) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const data = weeks.map((week) => ({ ...week, label: date(week.week) }));
  const isBar = kind === 'bar';
  const names = (key: SeriesKey) => t(`dashboard.series.${key}`);
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
      <Tooltip />
      <Legend />
    </>
  );
  return (
    <Card>
      <CardContent className="p-4">
        <figure aria-labelledby={`${id}-title`} data-testid={id}>
          <figcaption id={`${id}-title`} className="mb-3 font-semibold">
            {title}
          </figcaption>
          <div className="h-64 w-full" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              {isBar ? (
                <BarChart data={data} accessibilityLayer={false}>
                  {axes}
                  {series.map((key) => (
                    <Bar
                      key={key}
                      dataKey={key}
                      name={names(key)}
                      fill={COLOURS[key]}
                      radius={[3, 3, 0, 0]}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              ) : (
                <LineChart data={data} accessibilityLayer={false}>
                  {axes}
                  {series.map((key, index) => (
                    <Line
                      key={key}
                      dataKey={key}
                      name={names(key)}
                      stroke={COLOURS[key]}
                      strokeWidth={2}
                      strokeDasharray={index === 0 ? undefined : '5 3'}
                      dot={{ r: 3 }}
                      isAnimationActive={false}
                    />
                  ))}
                </LineChart>
              )}
            </ResponsiveContainer>
          </div>
          {/* A hidden table must sit in a hidden box: a table's own box does not clip its content. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.week')}</th>
                  {series.map((key) => (
                    <th key={key} scope="col">
                      {names(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.week}>
                    <th scope="row">{row.label}</th>
                    {series.map((key) => (
                      <td key={key}>{row[key]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
