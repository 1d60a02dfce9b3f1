import type { ReportGroup } from '@common/api/moderation';
import { REPORT_REASONS } from '@common/api/safety';
import { Ban, EyeOff, MessageSquareWarning, RotateCcw, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { type ModerationReason, useModerationCommand } from '../moderation-api';

type DialogKind = 'remove' | 'suspend' | 'warn';

const CONFIRM_ICONS = { remove: Trash2, suspend: Ban, warn: MessageSquareWarning } as const;

/** One reported item or member, its reports and context, and the actions a moderator takes on it. */
export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { t } = useTranslation('safety');
  const command = useModerationCommand();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const memberId = group.subject?.id ?? null;
  const suspended = group.member?.suspended === true;
  const isItem = group.targetType === 'item';
  const targetKey = isItem ? 'queue.itemTarget' : 'queue.memberTarget';
  return (
    <Card data-testid={`report-group-${group.targetId}`}>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs uppercase text-muted-foreground">{t(targetKey)}</p>
            <h2 className="text-lg font-semibold break-words">{group.label}</h2>
            {group.subject && isItem ? (
              <p className="text-sm text-muted-foreground">
                {t('queue.owner', { name: group.subject.firstName })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-1">
            {group.item?.removal ? <Badge variant="destructive">{t('queue.removed')}</Badge> : null}
            {group.item?.hiddenByReports ? <Badge variant="secondary">{t('queue.hidden')}</Badge> : null}
            {suspended ? <Badge variant="destructive">{t('queue.suspended')}</Badge> : null}
          </div>
        </div>
        <ul className="grid gap-2 text-sm">
          {group.reports.map((report) => (
            <li key={report.id} className="rounded-md bg-muted/50 p-2 break-words">
              <span className="font-medium">{t(`reasons.${report.reason}`)}</span>
              {report.details ? <span className="text-muted-foreground"> — {report.details}</span> : null}
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('queue.pastReports')}</dt>
            <dd>{group.pastReports}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('queue.history')}</dt>
            <dd>{group.history.length}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('queue.completed')}</dt>
            <dd>{group.reliability?.completedTrades ?? 0}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('queue.disputesLost')}</dt>
            <dd>{group.reliability?.disputesLost ?? 0}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {group.item ? (
            group.item.removal ? (
              <Button
                variant="outline"
                size="sm"
                disabled={command.isPending}
                onClick={() => command.mutate({ kind: 'restore', itemId: group.targetId })}
              >
                <RotateCcw aria-hidden="true" />
                {t('queue.restore')}
              </Button>
            ) : (
              <Button variant="destructive" size="sm" onClick={() => setDialog('remove')}>
                <Trash2 aria-hidden="true" />
                {t('queue.remove')}
              </Button>
            )
          ) : null}
          {memberId ? (
            <>
              {suspended ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={command.isPending}
                  onClick={() => command.mutate({ kind: 'lift', memberId })}
                >
                  <RotateCcw aria-hidden="true" />
                  {t('queue.lift')}
                </Button>
              ) : (
                <Button variant="destructive" size="sm" onClick={() => setDialog('suspend')}>
                  <Ban aria-hidden="true" />
                  {t('queue.suspend')}
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => setDialog('warn')}>
                <MessageSquareWarning aria-hidden="true" />
                {t('queue.warn')}
              </Button>
            </>
          ) : null}
          {group.reports.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={command.isPending}
              onClick={() =>
                command.mutate({ kind: 'dismiss', targetType: group.targetType, targetId: group.targetId })
              }
            >
              {group.item?.hiddenByReports ? <EyeOff aria-hidden="true" /> : <X aria-hidden="true" />}
              {t('queue.dismiss')}
            </Button>
          ) : null}
        </div>
      </CardContent>
      {dialog ? (
        <ActionDialog
          kind={dialog}
          onClose={() => setDialog(null)}
          onConfirm={(values) => {
            const done = { onSuccess: () => setDialog(null) };
            if (dialog === 'remove')
              command.mutate(
                { kind: 'remove', itemId: group.targetId, reason: values.reason, note: values.note },
                done,
              );
            else if (dialog === 'suspend' && memberId)
              command.mutate(
                { kind: 'suspend', memberId, reason: values.reason, days: values.days, note: values.note },
                done,
              );
            else if (memberId) command.mutate({ kind: 'warn', memberId, message: values.note }, done);
          }}
          pending={command.isPending}
        />
      ) : null}
    </Card>
  );
}

export interface ActionValues {
  reason: ModerationReason;
  days: number | null;
  note: string;
}

/** Reason, duration and note of a removal, suspension or warning, confirmed in one step. */
export function ActionDialog({
  kind,
  onClose,
  onConfirm,
  pending,
}: {
  kind: DialogKind;
  onClose: () => void;
  onConfirm: (values: ActionValues) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('safety');
  const [reason, setReason] = useState<ModerationReason>('spam');
  const [days, setDays] = useState('');
  const [note, setNote] = useState('');
  const daysNumber = days.trim() === '' ? null : Number(days);
  const isWarning = kind === 'warn';
  const isSuspension = kind === 'suspend';
  const noteKey = isWarning ? 'queue.dialog.message' : 'queue.dialog.note';
  const valid =
    kind === 'warn'
      ? note.trim().length > 0
      : daysNumber === null || (Number.isInteger(daysNumber) && daysNumber >= 1);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid={`dialog-${kind}`}>
        <DialogHeader>
          <DialogTitle>{t(`queue.dialog.${kind}.title`)}</DialogTitle>
          <DialogDescription>{t(`queue.dialog.${kind}.description`)}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onConfirm({ reason, days: daysNumber, note });
          }}
        >
          {!isWarning ? (
            <div className="grid gap-2">
              <Label htmlFor="moderation-reason">{t('queue.dialog.reason')}</Label>
              <Select value={reason} onValueChange={(value) => setReason(value as ModerationReason)}>
                <SelectTrigger id="moderation-reason">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {REPORT_REASONS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`reasons.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          {isSuspension ? (
            <div className="grid gap-2">
              <Label htmlFor="moderation-days">{t('queue.dialog.days')}</Label>
              <Input
                id="moderation-days"
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                placeholder={t('queue.dialog.daysPlaceholder')}
              />
            </div>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor="moderation-note">{t(noteKey)}</Label>
            <Textarea
              id="moderation-note"
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <ConfirmDialogFooter
            cancelLabel={t('queue.dialog.cancel')}
            onCancel={onClose}
            confirmLabel={t(`queue.dialog.${kind}.confirm`)}
            icon={CONFIRM_ICONS[kind]}
            pending={pending}
            disabled={!valid}
            destructive={!isWarning}
            testId={`button-confirm-${kind}`}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
