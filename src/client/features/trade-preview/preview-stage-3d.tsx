import type { PreviewMode } from '@common/domain/trade-preview';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewScene, SceneItem } from './scene';

/**
 * The WebGL view. three.js and the scene arrive with a dynamic import() on mount, so they are
 * fetched only when a member opens the preview. Any failure (the chunk does not load, no WebGL
 * context, the context is lost later) is reported so the dialog can switch to the 2D view.
 * `items` must keep its identity while the dialog is open; a new list builds a new scene.
 */
export function PreviewStage3D({
  items,
  mode,
  angle,
  reducedMotion,
  onFailure,
}: {
  items: readonly SceneItem[];
  mode: PreviewMode;
  angle: number;
  reducedMotion: boolean;
  onFailure(): void;
}) {
  const { t } = useTranslation('tradePreview');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<PreviewScene | null>(null);
  const [ready, setReady] = useState(false);
  // The latest view and callback, for the scene that is built after an await.
  const viewRef = useRef({ mode, angle });
  const onFailureRef = useRef(onFailure);
  useEffect(() => {
    viewRef.current = { mode, angle };
    onFailureRef.current = onFailure;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let scene: PreviewScene | null = null;
    let observer: ResizeObserver | null = null;

    import('./scene').then(
      ({ createPreviewScene }) => {
        if (cancelled) return;
        try {
          scene = createPreviewScene(canvas, {
            items,
            reducedMotion,
            onReady: () => {
              if (!cancelled) setReady(true);
            },
            onContextLost: () => {
              if (!cancelled) onFailureRef.current();
            },
          });
        } catch {
          onFailureRef.current();
          return;
        }
        sceneRef.current = scene;
        const box = canvas.getBoundingClientRect();
        scene.resize(box.width, box.height);
        scene.update(viewRef.current);
        observer = new ResizeObserver(([entry]) => {
          if (entry) scene?.resize(entry.contentRect.width, entry.contentRect.height);
        });
        observer.observe(canvas);
      },
      () => {
        if (!cancelled) onFailureRef.current();
      },
    );

    return () => {
      cancelled = true;
      observer?.disconnect();
      scene?.dispose();
      sceneRef.current = null;
    };
  }, [items, reducedMotion]);

  useEffect(() => {
    sceneRef.current?.update({ mode, angle });
  }, [mode, angle]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className="absolute inset-0 size-full"
        data-testid="canvas-trade-preview"
        data-state={ready ? 'ready' : 'loading'}
        aria-hidden="true"
      />
      {ready ? null : (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" role="status">
          <span className="inline-flex items-center gap-2 rounded-full bg-card/90 px-3 py-1.5 text-sm font-medium text-muted-foreground shadow-sm">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {t('stage.loading')}
          </span>
        </div>
      )}
    </>
  );
}
