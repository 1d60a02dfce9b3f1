import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASONS } from '@common/api/safety';
import { MAX_REPORT_DETAILS_LENGTH } from '@common/domain/limits';
import { Flag } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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

/** The form's rules, with their messages in the page's language. */
function reportForm(t: TFunction<'safety'>) {
  return z.object({
    reason: z.enum(REPORT_REASONS, { message: t('report.reasonRequired') }),
    details: z
      .string()
      .trim()
      .max(MAX_REPORT_DETAILS_LENGTH, {
        message: t('report.detailsTooLong', { max: MAX_REPORT_DETAILS_LENGTH }),
      }),
  });
}
type ReportFormInput = z.input<ReturnType<typeof reportForm>>;
type ReportFormValues = z.output<ReturnType<typeof reportForm>>;

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** The item's title or the member's name, for the dialog's title. */
  label: string;
}

/** The dialog's title and description keys in the safety catalogue, by what is reported. */
const COPY = {
  item: { titleKey: 'report.itemTitle', descriptionKey: 'report.itemDescription' },
  user: { titleKey: 'report.userTitle', descriptionKey: 'report.userDescription' },
} as const satisfies Record<ReportTargetType, { titleKey: string; descriptionKey: string }>;

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
  const { t } = useTranslation('safety');
  const id = useId();
  const report = useReport();
  const schema = useMemo(() => reportForm(t), [t]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: zodResolver(schema),
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
          toast({ title: t('report.sent.title'), description: t('report.sent.description') });
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
            <span className="min-w-0">{t(copy.titleKey, { label: target.label })}</span>
          </DialogTitle>
          <DialogDescription>{t(copy.descriptionKey)}</DialogDescription>
        </DialogHeader>

        <form onSubmit={submit} noValidate className="grid gap-5" aria-label={t('report.formLabel')}>
          <Field id={`${id}-reason`} label={t('report.reason')} errors={errors.reason?.message}>
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
                      <SelectValue placeholder={t('report.chooseReason')} />
                    </SelectTrigger>
                    <SelectContent>
                      {REPORT_REASONS.map((reason) => (
                        <SelectItem
                          key={reason}
                          value={reason}
                          data-testid={`option-report-reason-${reason}`}
                        >
                          {t(`reasons.${reason}`)}
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
            label={t('report.details')}
            labelNote={t('report.optional')}
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
                placeholder={t('report.detailsPlaceholder')}
                {...register('details')}
                data-testid="input-report-details"
              />
            )}
          </Field>

          <ConfirmDialogFooter
            cancelLabel={t('common:actions.cancel')}
            onCancel={close}
            confirmLabel={t('report.send')}
            pendingLabel={t('report.sending')}
            icon={Flag}
            pending={report.isPending}
            testId="button-submit-report"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
