import type { Item } from '@common/api/items';
import {
  AUTO_ROTATE_INTERVAL_MS,
  displayAngle,
  initialPreviewState,
  PREVIEW_MODES,
  previewKeyAction,
  tradePreviewReducer,
  visibleSides,
  type PreviewMode,
} from '@common/domain/trade-preview';
import { Info, Maximize, Minimize, Pause, Play, RotateCcw } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ValueComparison } from '@client/components/value-comparison';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { cn } from '@client/lib/utils';
import { PreviewFlat } from './preview-flat';
import { type PreviewItem, toPreviewItem } from './preview-item';
import { PreviewStage3D } from './preview-stage-3d';
import { flatPreviewRequested, prefersReducedMotion, supportsWebGL2 } from './preview-support';
import type { SceneItem } from './scene';
import { PREVIEW_MODE_LABELS } from '@client/i18n/labels';

export interface TradePreviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The member's own item, offered in the trade. */
  offeredItem: Item;
  /** The other member's item that they want. */
  requestedItem: Item;
  /** A bundle's further items on each side (the 3D view stands them behind the first). */
  moreOffered?: Item[];
  moreRequested?: Item[];
  /** Show the 2D view even where WebGL works (tests; `?preview=2d` in the URL does the same). */
  flat?: boolean;
}

/**
 * docs/product.md (Trades): 'Interactive Trade Preview in 3D': both items in a small 3D scene, with view modes
 * (user, both, target), drag or arrow keys to turn, auto-rotate, reset and fullscreen, the
 * items' condition colours and the value comparison. Without WebGL it falls back to a 2D view
 * with the same controls.
 */
export function TradePreviewDialog({
  open,
  onOpenChange,
  offeredItem,
  requestedItem,
  moreOffered = NONE,
  moreRequested = NONE,
  flat = false,
}: TradePreviewDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(contentRef);
  const { t } = useTranslation('tradePreview');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        data-testid="dialog-trade-preview"
        data-fullscreen={fullscreen.active}
        onOpenAutoFocus={(event) => {
          // Start on the preview itself, so the arrow keys turn it at once.
          event.preventDefault();
          stageRef.current?.focus();
        }}
        className={cn(
          'group/preview grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:max-w-5xl sm:p-6',
          // The browser's own :fullscreen style resets `transform` but not the `translate` that centres the dialog.
          '[&:fullscreen]:translate-none [&:fullscreen]:grid-rows-[auto_minmax(0,1fr)] [&:fullscreen]:rounded-none [&:fullscreen]:border-0',
        )}
      >
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>
            {t('dialog.description', {
              offered: offeredItem.title,
              moreOffered: more(t, moreOffered),
              requested: requestedItem.title,
              moreRequested: more(t, moreRequested),
            })}
          </DialogDescription>
        </DialogHeader>
        <TradePreviewBody
          offeredItem={offeredItem}
          requestedItem={requestedItem}
          moreOffered={moreOffered}
          moreRequested={moreRequested}
          flat={flat}
          stageRef={stageRef}
          fullscreen={fullscreen}
        />
      </DialogContent>
    </Dialog>
  );
}

interface Fullscreen {
  available: boolean;
  active: boolean;
  toggle(): void;
}

/** The Fullscreen API on the dialog content (its own element, so the page behind stays put). */
function useFullscreen(target: RefObject<HTMLElement | null>): Fullscreen {
  const [active, setActive] = useState(false);
  const available = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const changed = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [target]);

  const toggle = useCallback(() => {
    const element = target.current;
    if (!element) return;
    const request =
      document.fullscreenElement === element ? document.exitFullscreen() : element.requestFullscreen();
    // Refused (no user gesture, an iframe without permission): the dialog simply stays as it is.
    request.catch(() => undefined);
  }, [target]);

  return { available, active, toggle };
}

type FlatReason = 'asked' | 'unsupported' | 'failed';

const NONE: Item[] = [];
const more = (t: TFunction<'tradePreview'>, list: Item[]) =>
  list.length > 0 ? t('dialog.andMore', { count: list.length }) : '';

/** A condition badge's text: a known condition from the catalogue, any other value as it came. */
function conditionText(t: TFunction<'tradePreview'>, item: PreviewItem): string {
  return item.conditionKey ? t(`conditions.${item.conditionKey}`) : item.accent.label;
}

function TradePreviewBody({
  offeredItem,
  requestedItem,
  moreOffered,
  moreRequested,
  flat,
  stageRef,
  fullscreen,
}: {
  offeredItem: Item;
  requestedItem: Item;
  moreOffered: Item[];
  moreRequested: Item[];
  flat: boolean;
  stageRef: RefObject<HTMLDivElement | null>;
  fullscreen: Fullscreen;
}) {
  const { t } = useTranslation('tradePreview');
  const [reducedMotion] = useState(prefersReducedMotion);
  const [state, dispatch] = useReducer(tradePreviewReducer, { reducedMotion }, initialPreviewState);
  const [flatReason, setFlatReason] = useState<FlatReason | null>(() => {
    if (flat || flatPreviewRequested()) return 'asked';
    return supportsWebGL2() ? null : 'unsupported';
  });
  const hintId = useId();
  const noteId = useId();

  const items = useMemo(
    () => ({ user: toPreviewItem(offeredItem, 'user'), target: toPreviewItem(requestedItem, 'target') }),
    [offeredItem, requestedItem],
  );
  const sceneItems = useMemo<SceneItem[]>(
    () =>
      [
        ...[items.user, ...moreOffered.map((item) => toPreviewItem(item, 'user'))].map((item, index) => ({
          item,
          index,
        })),
        ...[items.target, ...moreRequested.map((item) => toPreviewItem(item, 'target'))].map(
          (item, index) => ({ item, index }),
        ),
      ]
        // Back items first, so the front ones draw over them.
        .sort((a, b) => b.index - a.index)
        .map(({ item, index }) => ({
          side: item.side,
          title: item.title,
          imageUrl: item.imageUrl,
          conditionLabel: conditionText(t, item),
          sideLabel: t(`scene.${item.side}`),
          accentColor: item.accent.color,
          index,
        })),
    // A new language builds a new scene, so the tags drawn on the canvas follow it.
    [items, moreOffered, moreRequested, t],
  );
  // The value hint compares the totals of the two sides.
  const totals = {
    user: {
      title: t('summary.itemCount', { count: 1 + moreOffered.length }),
      value: sum(offeredItem, moreOffered),
    },
    target: {
      title: t('summary.itemCount', { count: 1 + moreRequested.length }),
      value: sum(requestedItem, moreRequested),
    },
  };
  const shown = visibleSides(state.mode).map((side) => items[side]);

  const drag = useRef<{ pointerId: number; x: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  // Auto-rotate pauses while a finger or the mouse holds the items.
  useAutoRotate(state.autoRotate && !dragging, dispatch);

  // Someone who turns on reduced motion while the preview is open gets it at once.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const changed = () => {
      if (query.matches) dispatch({ type: 'set-auto-rotate', on: false });
    };
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);

  const onFailure = useCallback(() => setFlatReason('failed'), []);

  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX };
    setDragging(true);
  };
  const pointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - current.x;
    current.x = event.clientX;
    if (deltaX !== 0) dispatch({ type: 'drag', deltaX });
  };
  const pointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const action = previewKeyAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  };

  const angle = displayAngle(state.angle);

  return (
    // The keys work wherever focus is in the preview (the stage, a control), not only on the stage.
    <div
      onKeyDown={keyDown}
      className={cn(
        'grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_17rem]',
        'group-data-[fullscreen=true]/preview:min-h-0 group-data-[fullscreen=true]/preview:grid-rows-[minmax(0,1fr)] group-data-[fullscreen=true]/preview:lg:grid-cols-[minmax(0,1fr)_19rem]',
      )}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-3 group-data-[fullscreen=true]/preview:min-h-0 group-data-[fullscreen=true]/preview:grid-rows-[minmax(0,1fr)_auto]">
        <div
          ref={stageRef}
          tabIndex={0}
          role="group"
          aria-roledescription={t('stage.roleDescription')}
          aria-label={shown
            .map((item) =>
              item.side === 'user'
                ? t('stage.yourItem', { title: item.title })
                : t('stage.theirItem', { title: item.title }),
            )
            .join(t('stage.itemsJoin'))}
          aria-describedby={flatReason ? `${hintId} ${noteId}` : hintId}
          data-mode={state.mode}
          data-renderer={flatReason ? '2d' : '3d'}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={pointerEnd}
          onPointerCancel={pointerEnd}
          onLostPointerCapture={pointerEnd}
          className={cn(
            'relative aspect-square w-full touch-pan-y overflow-hidden rounded-xl border select-none sm:aspect-[16/10]',
            'bg-[radial-gradient(ellipse_at_50%_35%,#ffffff_0%,#f1ede6_55%,#e4ddd1_100%)]',
            'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
            'group-data-[fullscreen=true]/preview:aspect-auto group-data-[fullscreen=true]/preview:h-full',
            dragging ? 'cursor-grabbing' : 'cursor-grab',
          )}
        >
          {flatReason ? (
            <PreviewFlat items={shown} angle={state.angle} />
          ) : (
            <PreviewStage3D
              items={sceneItems}
              mode={state.mode}
              angle={state.angle}
              reducedMotion={reducedMotion}
              onFailure={onFailure}
            />
          )}
          <StageOverlays items={shown} angle={angle} flat={flatReason !== null} />
        </div>
        <Toolbar
          mode={state.mode}
          autoRotate={state.autoRotate}
          onMode={(mode) => dispatch({ type: 'set-mode', mode })}
          onAutoRotate={() => dispatch({ type: 'toggle-auto-rotate' })}
          onReset={() => dispatch({ type: 'reset' })}
          fullscreen={fullscreen}
        />
      </div>

      <aside className="grid min-w-0 content-start gap-3 text-sm" aria-label={t('summary.label')}>
        <TradeItems
          items={[items.user, items.target]}
          source={{ user: offeredItem, target: requestedItem }}
        />
        {moreOffered.length + moreRequested.length > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="text-preview-bundle">
            {t('summary.alsoInTrade')}{' '}
            {[
              ...moreOffered.map((item) => t('summary.yourBundleItem', { title: item.title })),
              ...moreRequested.map((item) => t('summary.theirBundleItem', { title: item.title })),
            ].join(', ')}
            {t('summary.bundleEnd')}
          </p>
        ) : null}
        <ValueComparison
          yours={moreOffered.length + moreRequested.length > 0 ? totals.user : items.user}
          theirs={moreOffered.length + moreRequested.length > 0 ? totals.target : items.target}
          bars
          testIdPrefix="preview-"
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('summary.hint')}
        </p>
        {flatReason ? (
          <p
            id={noteId}
            className="flex items-start gap-2 rounded-lg border border-dashed p-3 text-xs text-muted-foreground"
            role="status"
          >
            <Info className="mt-px size-4 shrink-0" aria-hidden="true" />
            {t(`flatNotes.${flatReason}`)}
          </p>
        ) : null}
      </aside>
    </div>
  );
}

/** As docs/product.md (Trades) has it: while on, the angle grows by 1 degree every 50 ms; paused while the tab is hidden. */
function useAutoRotate(on: boolean, dispatch: (action: { type: 'tick' }) => void) {
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) dispatch({ type: 'tick' });
    }, AUTO_ROTATE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [on, dispatch]);
}

/** The angle, top left, and a name tag in the condition colour under each item shown. */
function StageOverlays({
  items,
  angle,
  flat,
}: {
  items: readonly PreviewItem[];
  angle: number;
  flat: boolean;
}) {
  const { t } = useTranslation('tradePreview');
  return (
    <div className="pointer-events-none absolute inset-0">
      <p className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-card/90 px-2.5 py-1 text-xs font-medium text-muted-foreground shadow-sm">
        {t('stage.angle')}
        <span
          className="min-w-[2.25rem] text-right font-semibold text-foreground tabular-nums"
          data-testid="text-preview-angle"
        >
          {angle}°
        </span>
      </p>
      {flat ? (
        <p className="absolute top-3 right-3 rounded-full bg-card/90 px-2.5 py-1 text-xs font-medium text-muted-foreground shadow-sm">
          {t('stage.flatBadge')}
        </p>
      ) : null}
      <div
        className={cn(
          'absolute inset-x-2 bottom-2 flex gap-2 sm:inset-x-3 sm:bottom-3',
          items.length > 1 ? 'justify-between' : 'justify-center',
        )}
      >
        {items.map((item) => (
          <div
            key={item.side}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-full bg-card/90 py-1 pr-3 pl-1 shadow-sm',
              items.length > 1 ? 'max-w-[48%]' : 'max-w-[90%]',
            )}
          >
            <span
              className="shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
              style={{ backgroundColor: item.accent.color }}
              data-testid={`badge-preview-condition-${item.side}`}
            >
              {conditionText(t, item)}
            </span>
            <span className="min-w-0 truncate text-xs font-medium">
              <span className="hidden text-muted-foreground sm:inline">{t(`sides.${item.side}`)}: </span>
              {item.title}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

const PRESSED =
  'aria-pressed:border-primary/50 aria-pressed:bg-secondary aria-pressed:text-secondary-foreground';

function Toolbar({
  mode,
  autoRotate,
  onMode,
  onAutoRotate,
  onReset,
  fullscreen,
}: {
  mode: PreviewMode;
  autoRotate: boolean;
  onMode(mode: PreviewMode): void;
  onAutoRotate(): void;
  onReset(): void;
  fullscreen: Fullscreen;
}) {
  const { t } = useTranslation('tradePreview');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div
        role="group"
        aria-label={t('toolbar.view')}
        className="grid w-full grid-cols-3 rounded-lg bg-muted p-1 sm:inline-grid sm:w-auto"
      >
        {PREVIEW_MODES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            title={t(`toolbar.modeTitles.${option}`)}
            onClick={() => onMode(option)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              mode === option
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={`button-mode-${option}`}
          >
            {PREVIEW_MODE_LABELS[option]}
          </button>
        ))}
      </div>
      <div className="grid w-full grid-cols-[1fr_1fr_auto] gap-2 sm:flex sm:w-auto">
        <Button
          variant="outline"
          size="sm"
          aria-pressed={autoRotate}
          onClick={onAutoRotate}
          className={PRESSED}
          data-testid="button-auto-rotate"
        >
          {autoRotate ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {t('toolbar.autoRotate')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onReset}
          title={t('toolbar.resetTitle')}
          data-testid="button-reset-view"
        >
          <RotateCcw aria-hidden="true" />
          {t('toolbar.reset')}
        </Button>
        {fullscreen.available ? (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={fullscreen.active}
            onClick={fullscreen.toggle}
            className={PRESSED}
            data-testid="button-fullscreen"
          >
            {fullscreen.active ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            <span className="sr-only sm:not-sr-only">
              {fullscreen.active ? t('toolbar.exitFullScreen') : t('toolbar.fullScreen')}
            </span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The two items in words: which side, title, condition in its colour, size and brand. */
function TradeItems({
  items,
  source,
}: {
  items: readonly PreviewItem[];
  source: Record<PreviewItem['side'], Item>;
}) {
  const { t } = useTranslation('tradePreview');
  return (
    <ul className="grid gap-2">
      {items.map((item) => {
        const details = [
          conditionText(t, item),
          source[item.side].size && t('summary.size', { size: source[item.side].size }),
          source[item.side].brand,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={item.side} className="flex min-w-0 items-start gap-2.5 rounded-lg border p-2.5">
            <span
              className="mt-1 size-2.5 shrink-0 rounded-full ring-2 ring-card"
              style={{ backgroundColor: item.accent.color }}
              aria-hidden="true"
            />
            <span className="grid min-w-0">
              <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {t(`sides.${item.side}`)}
              </span>
              <span className="line-clamp-2 font-medium break-words">{item.title}</span>
              <span className="text-xs text-muted-foreground">{details}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function sum(first: Item, rest: Item[]) {
  return rest.reduce((total, item) => total + item.estimatedValue, first.estimatedValue);
}
