import { ACCEPTED_IMAGE_TYPES } from '@common/domain/limits';
import { imageUrl } from '@common/domain/image-url';
import { DISPUTE_REASONS, type DisputeReason, MAX_DISPUTE_PHOTOS } from '@common/domain/trade-state';
import { ImagePlus, LoaderCircle, ShieldAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { uploadImage } from '@client/features/items';
import type { TradeDialogProps } from './cancel-trade-dialog';
import { useOpenDispute } from '../api';
import type { DisputeInput } from '@common/api/trades';
import { reportApiError } from '@client/lib/report-error';

const TEXT_MAX = 2000;

interface Photo {
  id: string;
  url: string;
}

/** The dispute of a trade card: the trade freezes until a moderator decides. */
export function TradeDisputeDialog({ trade, ...props }: TradeDialogProps) {
  const dispute = useOpenDispute();
  return (
    <DisputeDialog
      {...props}
      subject="trade"
      pending={dispute.isPending}
      onSubmit={(input) => dispute.mutateAsync({ id: trade.id, ...input })}
    />
  );
}

/** What a dispute puts on hold; each has its own sentences (dispute.description.<key>). */
const SUBJECT_KEYS = { trade: 'trade', 'swap ring': 'swapRing' } as const;

export interface DisputeDialogProps {
  /** What is put on hold: a trade or a swap ring. */
  subject: keyof typeof SUBJECT_KEYS;
  /** Who the dispute is against, for the confirmation. */
  partnerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the dispute; rejects when it failed (the mutation reports it). */
  onSubmit: (input: DisputeInput) => Promise<unknown>;
  pending: boolean;
}

/**
 * Opens a dispute about a trade or a swap ring's item: a reason, what happened, and up to four
 * photos uploaded through /api/images.
 */
export function DisputeDialog({
  subject,
  partnerName,
  open,
  onOpenChange,
  onSubmit,
  pending,
}: DisputeDialogProps) {
  const { t } = useTranslation('trades');
  const subjectKey = SUBJECT_KEYS[subject];
  const id = useId();
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    onOpenChange(false);
    setReason('');
    setText('');
    setPhotos([]);
    setProblem(null);
  };

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_DISPUTE_PHOTOS - photos.length - uploading;
    for (const file of [...files].slice(0, Math.max(0, room))) {
      setUploading((count) => count + 1);
      uploadImage(file, () => undefined)
        .promise.then((uploaded) => setPhotos((list) => [...list, uploaded]))
        .catch((error: unknown) =>
          reportApiError(error, {
            title: t('dispute.photoNotUploaded'),
            fallback: t('dispute.tryAnotherPhoto'),
          }),
        )
        .finally(() => setUploading((count) => count - 1));
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem(t('dispute.reasonMissing'));
    if (!text.trim()) return setProblem(t('dispute.textMissing'));
    setProblem(null);
    try {
      await onSubmit({
        reason,
        text: text.trim(),
        photoIds: photos.map((p) => p.id),
      });
    } catch {
      // The mutation's own meta reports the failure.
      return;
    }
    toast({
      title: t('dispute.opened'),
      description: t(`dispute.openedDescription.${subjectKey}`, { name: partnerName }),
    });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent data-testid="dialog-dispute" className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader className="text-left">
          <DialogTitle className="flex items-center gap-2">
            <ShieldAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
            {t('dispute.title')}
          </DialogTitle>
          <DialogDescription>{t(`dispute.description.${subjectKey}`)}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-5"
          aria-label={t('dispute.formLabel')}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>{t('dispute.reasonLabel')}</Label>
            <Select value={reason} onValueChange={(value) => setReason(value as DisputeReason)}>
              <SelectTrigger id={`${id}-reason`} data-testid="select-dispute-reason">
                <SelectValue placeholder={t('dispute.reasonPlaceholder')} />
              </SelectTrigger>
              <SelectContent>
                {DISPUTE_REASONS.map((value) => (
                  <SelectItem key={value} value={value} data-testid={`option-dispute-reason-${value}`}>
                    {t(`disputeReasons.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>{t('dispute.textLabel')}</Label>
            <Textarea
              id={`${id}-text`}
              rows={4}
              maxLength={TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="input-dispute-text"
            />
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium" id={`${id}-photos`}>
              {t('dispute.photos')}{' '}
              <span className="font-normal text-muted-foreground">
                {t('dispute.photosNote', { max: MAX_DISPUTE_PHOTOS })}
              </span>
            </span>
            <ul className="flex flex-wrap gap-2" aria-labelledby={`${id}-photos`}>
              {photos.map((photo, index) => (
                <li key={photo.id} className="relative">
                  <img
                    src={imageUrl(photo.url, 400)}
                    alt={t('dispute.photoAlt', { number: index + 1 })}
                    className="size-20 rounded-md border object-cover"
                  />
                  <Button
                    type="button"
                    size="icon"
                    variant="secondary"
                    className="absolute -top-2 -right-2 size-7 rounded-full"
                    aria-label={t('dispute.removePhoto', { number: index + 1 })}
                    onClick={() => setPhotos((list) => list.filter((entry) => entry.id !== photo.id))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
              {uploading > 0 ? (
                <li className="flex size-20 items-center justify-center rounded-md border" role="status">
                  <LoaderCircle className="animate-spin" aria-label={t('dispute.uploading')} />
                </li>
              ) : null}
            </ul>
            {photos.length + uploading < MAX_DISPUTE_PHOTOS ? (
              <Label
                htmlFor={`${id}-file`}
                className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent focus-within:ring-2 focus-within:ring-ring"
              >
                <ImagePlus className="size-4" aria-hidden="true" />
                {t('dispute.addPhotos')}
                <input
                  id={`${id}-file`}
                  type="file"
                  accept={ACCEPTED_IMAGE_TYPES.join(',')}
                  multiple
                  className="sr-only"
                  onChange={(event) => {
                    addFiles(event.target.files);
                    event.target.value = '';
                  }}
                  data-testid="input-dispute-photos"
                />
              </Label>
            ) : null}
          </div>
          {problem ? (
            <p className="text-sm text-destructive" role="alert">
              {problem}
            </p>
          ) : null}
          <ConfirmDialogFooter
            cancelLabel={t('common:actions.back')}
            onCancel={close}
            confirmLabel={t('dispute.submit')}
            icon={ShieldAlert}
            pending={pending}
            disabled={uploading > 0}
            destructive
            testId="button-submit-dispute"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
