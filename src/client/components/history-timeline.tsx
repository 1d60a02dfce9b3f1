import { useFormat } from '@client/i18n/format';

export interface HistoryLine {
  /** What happened, already worded for the reader. */
  text: string;
  /** When, as an ISO time. */
  at: string;
  /** The entry's event, for its test id. */
  event: string;
}

/**
 * A history section, oldest first: one line per event with its time (a trade's page and a ring's
 * page). `id` names the heading; the list's test id is `list-<id>`, each line's `<linePrefix><event>`.
 */
export function HistoryTimeline({
  id,
  title,
  lines,
  linePrefix,
}: {
  id: string;
  title: string;
  lines: HistoryLine[];
  linePrefix: string;
}) {
  const format = useFormat();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <ol className="grid gap-2 border-l pl-4 text-sm" data-testid={`list-${id}`}>
        {lines.map((line, index) => (
          <li key={`${line.event}-${index}`} className="grid" data-testid={`${linePrefix}${line.event}`}>
            <span className="break-words">{line.text}</span>
            <time dateTime={line.at} className="text-xs text-muted-foreground">
              {format.dateTime(line.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
