import { ACCEPTED_IMAGE_ATTRIBUTE, ACCEPTED_IMAGE_NAMES } from '@common/domain/item-form-rules';
import { MAX_ITEM_PHOTOS } from '@common/domain/limits';
import { ChevronLeft, ChevronRight, ImagePlus, RotateCcw, Trash2, TriangleAlert } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import type { PhotoUploads } from '../use-photo-uploads';

const REORDER_TYPE = 'application/x-threadswap-photo';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Photos of the List Item form: drop files on the zone or pick them, see each upload's
 * progress, reorder (drag a photo onto another, or the arrow buttons), retry or remove.
 */
export function PhotoUploader({
  uploads,
  error,
  describedBy,
}: {
  uploads: PhotoUploads;
  error?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation('items');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const { photos, problems, addFiles, remove, retry, move, full } = uploads;
  // The cover is the first photo that did not fail: a failed file never holds the Cover slot.
  const coverIndex = photos.findIndex((photo) => photo.status !== 'error');
  const hintId = 'item-photos-hint';
  const errorId = 'item-photos-error';

  const choose = () => inputRef.current?.click();

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragOver(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <fieldset
      className={cn(
        'relative space-y-3 rounded-xl',
        dragOver && photos.length > 0 && 'ring-2 ring-primary ring-offset-4',
      )}
      aria-describedby={[hintId, error ? errorId : null, describedBy].filter(Boolean).join(' ')}
      onDragOver={(event) => {
        if (!hasFiles(event) || full) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={onDrop}
      data-testid="fieldset-photos"
    >
      <legend className="mb-2 text-sm font-medium">
        {t('photoUploader.legend')}{' '}
        <span className="font-normal text-muted-foreground">
          ({photos.length}/{MAX_ITEM_PHOTOS})
        </span>
      </legend>

      {photos.length === 0 ? (
        <div
          className={cn(
            'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
            dragOver ? 'border-primary bg-secondary' : 'border-input bg-muted/40',
            error && 'border-destructive',
          )}
          data-testid="dropzone-photos"
        >
          <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">{t('photoUploader.dragHere')}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={choose}
            data-testid="button-choose-photos"
          >
            {t('photoUploader.choose')}
          </Button>
        </div>
      ) : null}
      <input
        ref={inputRef}
        id="input-photos"
        type="file"
        accept={ACCEPTED_IMAGE_ATTRIBUTE}
        multiple
        disabled={full}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('photoUploader.addPhotos')}
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
        data-testid="input-photos"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('photoUploader.hint', { formats: ACCEPTED_IMAGE_NAMES, max: MAX_ITEM_PHOTOS })}
      </p>

      {problems.length > 0 ? (
        <ul className="space-y-1 text-sm text-destructive" role="alert" data-testid="text-photo-problems">
          {problems.map((problem) => (
            <li key={problem} className="flex gap-1.5">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {problem}
            </li>
          ))}
        </ul>
      ) : null}

      {photos.length > 0 ? (
        <ol
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          aria-label={t('photoUploader.chosen')}
          data-cover-index={coverIndex}
        >
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(REORDER_TYPE, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (Array.from(event.dataTransfer.types).includes(REORDER_TYPE)) event.preventDefault();
              }}
              onDrop={(event) => {
                const from = Number(event.dataTransfer.getData(REORDER_TYPE));
                if (!Array.from(event.dataTransfer.types).includes(REORDER_TYPE) || Number.isNaN(from))
                  return;
                event.preventDefault();
                move(from, index);
              }}
              className="group/photo flex cursor-grab flex-col overflow-hidden rounded-lg border bg-card active:cursor-grabbing"
              data-testid={`photo-${index}`}
            >
              <div className="relative aspect-[4/5] bg-muted">
                <img
                  src={photo.preview}
                  alt={t('photoUploader.photo', { number: index + 1 })}
                  className="size-full object-cover"
                  draggable={false}
                  onError={(event) => {
                    // A file the browser cannot decode: keep the tile, hide the broken-image icon.
                    event.currentTarget.style.visibility = 'hidden';
                  }}
                />
                {index === coverIndex ? (
                  <span className="absolute top-1 left-1 rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground">
                    {t('photoUploader.cover')}
                  </span>
                ) : null}
                {/* i18n-ignore: an upload status, not a text */}
                {photo.status === 'uploading' ? (
                  <div className="absolute inset-x-1.5 bottom-1.5">
                    <div
                      role="progressbar"
                      aria-label={t('photoUploader.uploading', { number: index + 1 })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(photo.progress * 100)}
                      className="h-1.5 overflow-hidden rounded-full bg-white/70"
                      data-testid={`progress-photo-${index}`}
                    >
                      <div
                        className="h-full rounded-full bg-primary transition-[width]"
                        style={{ width: `${Math.max(4, Math.round(photo.progress * 100))}%` }}
                      />
                    </div>
                  </div>
                ) : null}
                {/* i18n-ignore: an upload status, not a text */}
                {photo.status === 'error' ? (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/60 p-1.5 text-center text-[11px] leading-tight text-white">
                    <TriangleAlert className="size-4" aria-hidden="true" />
                    <span className="line-clamp-3" role="alert">
                      {photo.error}
                    </span>
                  </div>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-0.5 p-0.5">
                <PhotoAction
                  label={t('photoUploader.moveEarlier', { number: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ChevronLeft />
                </PhotoAction>
                {/* i18n-ignore: an upload status, not a text */}
                {photo.status === 'error' && photo.file ? (
                  <PhotoAction
                    label={t('photoUploader.retry', { number: index + 1 })}
                    onClick={() => retry(photo.key)}
                  >
                    <RotateCcw />
                  </PhotoAction>
                ) : null}
                <PhotoAction
                  label={t('photoUploader.remove', { number: index + 1 })}
                  onClick={() => remove(photo.key)}
                  className="hover:text-destructive"
                  testId={`button-remove-photo-${index}`}
                >
                  <Trash2 />
                </PhotoAction>
                <PhotoAction
                  label={t('photoUploader.moveLater', { number: index + 1 })}
                  disabled={index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ChevronRight />
                </PhotoAction>
              </div>
            </li>
          ))}
          {!full ? (
            <li>
              <button
                type="button"
                onClick={choose}
                className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-input bg-muted/40 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                data-testid="button-add-photo"
              >
                <ImagePlus className="size-6" aria-hidden="true" />
                {t('photoUploader.addPhoto')}
              </button>
            </li>
          ) : null}
        </ol>
      ) : null}

      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PhotoAction({
  label,
  onClick,
  disabled,
  className,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-30 [&_svg]:size-4',
        className,
      )}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
