import type { ServiceContext } from '../../lib/service-context';
import { hideIfReportedByMany } from './report-actions.service';

/** A report on a listing may hide it until a moderator looks (REPORT_HIDE_THRESHOLD), atomically with the report. */
export function registerModerationListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('report.filed', async (event, tx, effects) => {
    if (event.targetType === 'item') await hideIfReportedByMany(ctx, tx, effects, event.targetId);
  });
}
