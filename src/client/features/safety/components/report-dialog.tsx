import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@common/api/safety';
import { MAX_REPORT_DETAILS_LENGTH } from '@common/domain/limits';
import { Flag, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useReport, type ReportTargetType } from '../api';

const reportForm = z.object({
  reason: z.enum(REPORT_REASONS, { message: 'Choose a reason for your report' }),
  details: z
    .string()
    .trim()
    .max(MAX_REPORT_DETAILS_LENGTH, {
      message: `Details must be at most ${MAX_REPORT_DETAILS_LENGTH} characters`,
    }),
});
type ReportFormInput = z.input<typeof reportForm>;
type ReportFormValues = z.output<typeof reportForm>;

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** The item's title or the member's name, for the dialog's title. */
  label: string;
}

const COPY: Record<ReportTargetType, { title: (label: string) => string; description: string }> = {
  item: {
    title: (label) => `Report “${label}”`,
    description:
      'Tell our moderators what is wrong with this listing. The owner is not told who reported it.',
  },
  user: {
    title: (label) => `Report ${label}`,
    description: 'Tell our moderators what this member did. They are not told who reported them.',
  },
};

/** Reports an item or a member: a reason from the contract's list and optional details. */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const report = useReport();
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: zodResolver(reportForm),
    defaultValues: { reason: undefined, details: '' },
  });
  const details = watch('details') ?? '';
  const copy = COPY[target.type];

  const close = () => {
    onOpenChange(false);
    reset();
  };

  const submit = handleSubmit((values) => {
    report.mutate(
      { targetType: target.type, targetId: target.id, reason: values.reason, details: values.details },
      {
        onSuccess: () => {
          toast({ title: 'Report sent', description: 'Thank you. Our moderators will review it.' });
          close();
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent data-testid="dialog-report">
        <DialogHeader className="text-left">
          <DialogTitle className="flex items-start gap-2 wrap-anywhere">
            <Flag className="mt-1 size-5 shrink-0 text-destructive" aria-hidden="true" />
            <span className="min-w-0">{copy.title(target.label)}</span>
          </DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>

        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Report">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Controller
              control={control}
              name="reason"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger
                    id={`${id}-reason`}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.reason ? true : undefined}
                    aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                    data-testid="select-report-reason"
                  >
                    <SelectValue placeholder="Choose a reason" />
                  </SelectTrigger>
                  <SelectContent>
                    {REPORT_REASONS.map((reason) => (
                      <SelectItem key={reason} value={reason} data-testid={`option-report-reason-${reason}`}>
                        {REPORT_REASON_LABELS[reason]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-sm text-destructive">
                {errors.reason.message}
              </p>
            ) : null}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>
              Details <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={`${id}-details`}
              rows={4}
              maxLength={MAX_REPORT_DETAILS_LENGTH}
              placeholder="What should our moderators know?"
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={`${id}-details-count`}
              {...register('details')}
              data-testid="input-report-details"
            />
            <div className="flex justify-between gap-3 text-xs">
              <span className="text-destructive">{errors.details?.message}</span>
              <span id={`${id}-details-count`} className="text-muted-foreground tabular-nums">
                {details.length}/{MAX_REPORT_DETAILS_LENGTH}
              </span>
            </div>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending} data-testid="button-submit-report">
              {report.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Flag aria-hidden="true" />
              )}
              {report.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
