import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '@common/api/safety';
import { MAX_REPORT_DETAILS_LENGTH } from '@common/domain/limits';
import { Flag } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import { Field } from '@client/components/ui/form';
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
          <Field id={`${id}-reason`} label="Reason" errors={errors.reason?.message}>
            {(fieldControl) => (
              <Controller
                control={control}
                name="reason"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      {...fieldControl}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      data-testid="select-report-reason"
                    >
                      <SelectValue placeholder="Choose a reason" />
                    </SelectTrigger>
                    <SelectContent>
                      {REPORT_REASONS.map((reason) => (
                        <SelectItem
                          key={reason}
                          value={reason}
                          data-testid={`option-report-reason-${reason}`}
                        >
                          {REPORT_REASON_LABELS[reason]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>

          <Field
            id={`${id}-details`}
            label="Details"
            labelNote="(optional)"
            errors={errors.details?.message}
            hint={
              <span className="block text-right tabular-nums">
                {details.length}/{MAX_REPORT_DETAILS_LENGTH}
              </span>
            }
          >
            {(fieldControl) => (
              <Textarea
                {...fieldControl}
                rows={4}
                maxLength={MAX_REPORT_DETAILS_LENGTH}
                placeholder="What should our moderators know?"
                {...register('details')}
                data-testid="input-report-details"
              />
            )}
          </Field>

          <ConfirmDialogFooter
            cancelLabel="Cancel"
            onCancel={close}
            confirmLabel="Send report"
            pendingLabel="Sending..."
            icon={Flag}
            pending={report.isPending}
            testId="button-submit-report"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
