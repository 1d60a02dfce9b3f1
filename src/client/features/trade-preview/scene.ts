/**
 * The three.js scene of the trade preview: each item as a photo panel on a display stand, on its
 * own small turntable, on one low platform. This module is the only one that imports three.js;
 * the dialog loads it with a dynamic import() when the preview opens, so three.js lives in its
 * own chunk and never in the first bundle (docs/product.md, Trades).
 *
 * It renders on demand: a frame is drawn when the state changes, a photo arrives or the canvas
 * is resized, and the loop keeps running only while something eases towards its target.
 */
import {
  BoxGeometry,
  CanvasTexture,
  Color,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  MathUtils,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  SRGBColorSpace,
  TextureLoader,
  TorusGeometry,
  WebGLRenderer,
  type BufferGeometry,
  type Material,
  type Texture,
} from 'three';
import type { PreviewMode, PreviewSide } from '@common/domain/trade-preview';
import { coverFit } from './cover-fit';

export interface SceneItem {
  side: PreviewSide;
  title: string;
  /** Same-origin URL of the cover photo (the CSP allows no other), or null for a drawn placeholder. */
  imageUrl: string | null;
  conditionLabel: string;
  /** The side's name on the tag ("Your item" / "Their item"), already in the reader's language. */
  sideLabel: string;
  /** The condition accent, '#rrggbb'. */
  accentColor: string;
  /** Position in its side's bundle: 0 in front, the others smaller and further back. */
  index?: number;
}

export interface SceneOptions {
  items: readonly SceneItem[];
  reducedMotion: boolean;
  /** The first frame with every photo (or its placeholder) has been drawn. */
  onReady(): void;
  /** The browser took the WebGL context away (GPU reset, too many contexts); show the 2D view. */
  onContextLost(): void;
}

export interface PreviewScene {
  update(view: { mode: PreviewMode; angle: number }): void;
  resize(width: number, height: number): void;
  dispose(): void;
}

const PANEL_WIDTH = 1.6;
const PANEL_HEIGHT = 2.0;
const PANEL_DEPTH = 0.07;
const PANEL_BOTTOM = 0.42;
const FRAME_BORDER = 0.07;
const SIDE_OFFSET = 1.3;
const PEDESTAL_RADIUS = 0.98;
const CAMERA_FOV = 30;
const LOOK_AT_Y = 1.2;
/**
 * What has to fit in view: both stands side by side, or one, and the full height of a stand with
 * room below it for the name tags that the dialog lays over the bottom of the canvas.
 */
const CONTENT_HEIGHT: Record<PreviewMode, number> = { both: 4.0, user: 3.6, target: 3.6 };
const CONTENT_WIDTH: Record<PreviewMode, number> = {
  both: 2 * SIDE_OFFSET + 2 * PEDESTAL_RADIUS + 0.5,
  user: 2.5,
  target: 2.5,
};
/** How far each further item of a bundle stands out and back from the one before. */
const BUNDLE_STEP_X = 0.75;
const BUNDLE_STEP_Z = 0.9;
/** Ease rate: about 95% of the way in a quarter second. */
const EASE_PER_SECOND = 12;

interface Stand {
  side: PreviewSide;
  index: number;
  root: Group;
  spinner: Group;
  x: number;
  scale: number;
}

export function createPreviewScene(canvas: HTMLCanvasElement, options: SceneOptions): PreviewScene {
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, powerPreference: 'low-power' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0);

  const scene = new Scene();
  const camera = new PerspectiveCamera(CAMERA_FOV, 1, 0.1, 60);
  const geometries: BufferGeometry[] = [];
  const materials: Material[] = [];
  const textures: Texture[] = [];
  const track = <T extends BufferGeometry>(geometry: T): T => {
    geometries.push(geometry);
    return geometry;
  };
  const material = (parameters: ConstructorParameters<typeof MeshStandardMaterial>[0]) => {
    const made = new MeshStandardMaterial(parameters);
    materials.push(made);
    return made;
  };
  const canvasTexture = (source: HTMLCanvasElement) => {
    const texture = new CanvasTexture(source);
    texture.colorSpace = SRGBColorSpace;
    textures.push(texture);
    return texture;
  };

  // Soft daylight from above, a warm key light from the front right and a cool rim from behind.
  scene.add(new HemisphereLight(0xffffff, 0xd9d2c5, 2.1));
  const key = new DirectionalLight(0xfff6ea, 1.6);
  key.position.set(3, 6, 5);
  scene.add(key);
  const rim = new DirectionalLight(0xdbeafe, 0.9);
  rim.position.set(-4, 3, -5);
  scene.add(rim);

  // A low round platform with a thin teal rim (the brand colour), barely there.
  const platform = new Mesh(
    track(new CylinderGeometry(3.2, 3.3, 0.14, 96)),
    material({ color: 0xf3efe8, roughness: 0.95 }),
  );
  platform.position.y = -0.07;
  scene.add(platform);
  const platformRim = new Mesh(
    track(new TorusGeometry(3.21, 0.018, 8, 128)),
    material({ color: 0x0b7285, roughness: 0.5, emissive: 0x0b7285, emissiveIntensity: 0.25 }),
  );
  platformRim.rotation.x = Math.PI / 2;
  scene.add(platformRim);
  const floorShadow = new Mesh(
    track(new PlaneGeometry(7.4, 7.4)),
    new MeshBasicMaterial({ map: canvasTexture(radialShadow(0.22)), transparent: true, depthWrite: false }),
  );
  materials.push(floorShadow.material);
  floorShadow.rotation.x = -Math.PI / 2;
  floorShadow.position.y = -0.139;
  scene.add(floorShadow);

  const loader = new TextureLoader();
  let pendingPhotos = 0;
  let ready = false;
  let disposed = false;

  const stands: Stand[] = options.items.map((item) => {
    const stand = buildStand(item);
    scene.add(stand.root);
    return stand;
  });

  function buildStand(item: SceneItem): Stand {
    const accent = new Color(item.accentColor);
    const root = new Group();
    root.name = `stand-${item.side}`;

    const pedestal = new Mesh(
      track(new CylinderGeometry(PEDESTAL_RADIUS, PEDESTAL_RADIUS + 0.04, 0.1, 64)),
      material({ color: 0xfbfaf7, roughness: 0.7 }),
    );
    pedestal.position.y = 0.05;
    root.add(pedestal);
    // The condition accent: a glowing ring around the pedestal.
    const ring = new Mesh(
      track(new TorusGeometry(PEDESTAL_RADIUS + 0.005, 0.03, 12, 96)),
      material({ color: accent, roughness: 0.35, emissive: accent, emissiveIntensity: 0.55 }),
    );
    ring.rotation.x = Math.PI / 2;
    ring.position.y = 0.1;
    root.add(ring);
    const shadow = new Mesh(
      track(new PlaneGeometry(1.9, 1.9)),
      new MeshBasicMaterial({ map: canvasTexture(radialShadow(0.32)), transparent: true, depthWrite: false }),
    );
    materials.push(shadow.material);
    shadow.rotation.x = -Math.PI / 2;
    shadow.position.y = 0.102;
    root.add(shadow);

    const spinner = new Group();
    root.add(spinner);

    const metal = material({ color: 0xa8adb5, metalness: 0.85, roughness: 0.3 });
    const base = new Mesh(track(new CylinderGeometry(0.26, 0.3, 0.05, 40)), metal);
    base.position.set(0, 0.125, -0.12);
    spinner.add(base);
    const poleTop = PANEL_BOTTOM + PANEL_HEIGHT + 0.5;
    const pole = new Mesh(track(new CylinderGeometry(0.022, 0.022, poleTop - 0.1, 16)), metal);
    pole.position.set(0, 0.1 + (poleTop - 0.1) / 2, -0.12);
    spinner.add(pole);

    // A wooden hanger: a hook over the top of the pole and two shoulders down to the panel's corners.
    const wood = material({ color: 0xb08158, roughness: 0.6 });
    const shoulderY = PANEL_BOTTOM + PANEL_HEIGHT + 0.06;
    const hookBaseY = shoulderY + 0.26;
    const hook = new Mesh(track(new TorusGeometry(0.09, 0.014, 8, 24, Math.PI * 1.3)), metal);
    hook.position.set(0, hookBaseY + 0.1, -0.06);
    hook.rotation.set(0, 0, -Math.PI * 0.15);
    spinner.add(hook);
    for (const direction of [-1, 1]) {
      const dx = (direction * PANEL_WIDTH) / 2;
      const dy = shoulderY - hookBaseY;
      const length = Math.hypot(dx, dy);
      const shoulder = new Mesh(track(new CylinderGeometry(0.03, 0.03, length, 12)), wood);
      shoulder.position.set(dx / 2, hookBaseY + dy / 2, 0);
      shoulder.rotation.z = Math.atan2(dy, dx) - Math.PI / 2;
      spinner.add(shoulder);
    }
    const bar = new Mesh(track(new CylinderGeometry(0.026, 0.026, PANEL_WIDTH + 0.08, 12)), wood);
    bar.rotation.z = Math.PI / 2;
    bar.position.set(0, shoulderY, 0);
    spinner.add(bar);

    // The condition-coloured frame sits inside the panel's depth, so it shows only as a rim.
    const frame = new Mesh(
      track(
        new BoxGeometry(PANEL_WIDTH + 2 * FRAME_BORDER, PANEL_HEIGHT + 2 * FRAME_BORDER, PANEL_DEPTH * 0.7),
      ),
      material({ color: accent, roughness: 0.45 }),
    );
    frame.position.y = PANEL_BOTTOM + PANEL_HEIGHT / 2;
    spinner.add(frame);

    const edge = material({ color: 0xf7f4ee, roughness: 0.8 });
    const front = material({ color: 0xffffff, roughness: 0.85, emissive: 0xffffff, emissiveIntensity: 0.18 });
    const back = material({ map: canvasTexture(careLabel(item)), roughness: 0.9 });
    // BoxGeometry face order: +x, -x, +y, -y, +z (front), -z (back).
    const panel = new Mesh(track(new BoxGeometry(PANEL_WIDTH, PANEL_HEIGHT, PANEL_DEPTH)), [
      edge,
      edge,
      edge,
      edge,
      front,
      back,
    ]);
    panel.position.y = PANEL_BOTTOM + PANEL_HEIGHT / 2;
    spinner.add(panel);

    const showPlaceholder = () => {
      const texture = canvasTexture(placeholderCover(item));
      front.map = texture;
      front.emissiveMap = texture;
      front.needsUpdate = true;
    };
    if (item.imageUrl) {
      pendingPhotos += 1;
      loader.load(
        item.imageUrl,
        (texture) => {
          if (disposed) {
            texture.dispose();
            return;
          }
          texture.colorSpace = SRGBColorSpace;
          texture.anisotropy = Math.min(4, renderer.capabilities.getMaxAnisotropy());
          const image = texture.image as { width?: number; height?: number } | undefined;
          const fit = coverFit(image?.width ?? 0, image?.height ?? 0, PANEL_WIDTH / PANEL_HEIGHT);
          texture.repeat.set(fit.repeatX, fit.repeatY);
          texture.offset.set(fit.offsetX, fit.offsetY);
          textures.push(texture);
          front.map = texture;
          front.emissiveMap = texture;
          front.needsUpdate = true;
          photoSettled();
        },
        undefined,
        () => {
          if (disposed) return;
          showPlaceholder();
          photoSettled();
        },
      );
    } else {
      showPlaceholder();
    }

    return { side: item.side, index: item.index ?? 0, root, spinner, x: 0, scale: 1 };
  }

  function photoSettled() {
    pendingPhotos -= 1;
    invalidate();
  }

  let mode: PreviewMode = 'both';
  let targetYaw = 0;
  let yaw = 0;
  let aspect = 1;
  let cameraDistance = fitDistance('both', 1);
  let firstFrame = true;

  function fitDistance(forMode: PreviewMode, forAspect: number): number {
    const verticalHalf = MathUtils.degToRad(CAMERA_FOV / 2);
    const horizontalHalf = Math.atan(Math.tan(verticalHalf) * forAspect);
    const byWidth = CONTENT_WIDTH[forMode] / 2 / Math.tan(horizontalHalf);
    const byHeight = CONTENT_HEIGHT[forMode] / 2 / Math.tan(verticalHalf);
    // The pedestals' front edges are nearer the camera than the stands' centre line.
    return Math.max(byWidth, byHeight) + PEDESTAL_RADIUS;
  }

  function standTarget({ side, index }: Stand): { x: number; scale: number; z: number } {
    // A bundle's further items stand behind the first, fanned outwards and a little smaller.
    const outwards = side === 'user' ? -1 : 1;
    const fan = { x: outwards * index * BUNDLE_STEP_X, z: -index * BUNDLE_STEP_Z, shrink: 1 - index * 0.12 };
    if (mode === 'both')
      return {
        x: outwards * SIDE_OFFSET + fan.x,
        scale: 0.85 * fan.shrink + (index === 0 ? 0.15 : 0),
        z: fan.z,
      };
    return mode === side
      ? { x: fan.x, scale: fan.shrink, z: fan.z }
      : { x: outwards * SIDE_OFFSET * 2, scale: 0, z: fan.z };
  }

  let frameRequest = 0;
  let lastTime = 0;

  function invalidate() {
    if (disposed || frameRequest) return;
    frameRequest = requestAnimationFrame(frame);
  }

  function frame(time: number) {
    frameRequest = 0;
    const dt = lastTime ? Math.min((time - lastTime) / 1000, 0.1) : 1 / 60;
    lastTime = time;
    const snap = options.reducedMotion || firstFrame;
    const ease = snap ? 1 : 1 - Math.exp(-EASE_PER_SECOND * dt);
    let moving = false;

    const approach = (current: number, target: number, epsilon: number) => {
      const next = current + (target - current) * ease;
      if (Math.abs(target - next) < epsilon) return target;
      moving = true;
      return next;
    };

    yaw = approach(yaw, targetYaw, 0.0005);
    cameraDistance = approach(cameraDistance, fitDistance(mode, aspect), 0.001);
    for (const stand of stands) {
      const target = standTarget(stand);
      stand.root.position.z = target.z;
      stand.x = approach(stand.x, target.x, 0.001);
      stand.scale = approach(stand.scale, target.scale, 0.001);
      stand.root.position.x = stand.x;
      stand.root.scale.setScalar(Math.max(stand.scale, 0.0001));
      stand.root.visible = stand.scale > 0.01;
      stand.spinner.rotation.y = yaw;
    }
    camera.position.set(0, LOOK_AT_Y + cameraDistance * 0.16, cameraDistance);
    camera.lookAt(0, LOOK_AT_Y, 0);

    renderer.render(scene, camera);
    firstFrame = false;
    if (!ready && pendingPhotos === 0) {
      ready = true;
      options.onReady();
    }
    if (moving) invalidate();
    else lastTime = 0;
  }

  const contextLost = (event: Event) => {
    event.preventDefault();
    options.onContextLost();
  };
  canvas.addEventListener('webglcontextlost', contextLost);

  return {
    update(view) {
      mode = view.mode;
      // Turn by the shortest way to the new angle, so 359 -> 0 is one degree, not a full turn back.
      const wanted = MathUtils.degToRad(view.angle);
      const delta = Math.atan2(Math.sin(wanted - targetYaw), Math.cos(wanted - targetYaw));
      targetYaw += delta;
      invalidate();
    },
    resize(width, height) {
      if (width <= 0 || height <= 0) return;
      aspect = width / height;
      camera.aspect = aspect;
      camera.updateProjectionMatrix();
      renderer.setSize(width, height, false);
      if (firstFrame) cameraDistance = fitDistance(mode, aspect);
      invalidate();
    },
    dispose() {
      disposed = true;
      if (frameRequest) cancelAnimationFrame(frameRequest);
      canvas.removeEventListener('webglcontextlost', contextLost);
      for (const geometry of geometries) geometry.dispose();
      for (const made of materials) made.dispose();
      for (const texture of textures) texture.dispose();
      renderer.dispose();
      // Hand the context back now rather than at garbage collection: browsers cap live contexts.
      renderer.forceContextLoss();
    },
  };
}

function makeCanvas(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas is unavailable');
  return [canvas, context];
}

/** A soft round shadow for under the stands and the platform. */
function radialShadow(strength: number): HTMLCanvasElement {
  const [canvas, context] = makeCanvas(128, 128);
  const gradient = context.createRadialGradient(64, 64, 0, 64, 64, 64);
  gradient.addColorStop(0, `rgba(15, 23, 42, ${strength})`);
  gradient.addColorStop(0.55, `rgba(15, 23, 42, ${strength * 0.45})`);
  gradient.addColorStop(1, 'rgba(15, 23, 42, 0)');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 128, 128);
  return canvas;
}

const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** Words of `text` in at most `maxLines` lines of `maxWidth`, the last one cut with an ellipsis. */
function wrapLines(
  context: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && context.measureText(`${last}…`).width > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** The back of a panel: linen with a woven brand label in the condition colour, like a garment tag. */
function careLabel(item: SceneItem): HTMLCanvasElement {
  const [canvas, context] = makeCanvas(512, 640);
  context.fillStyle = '#f4efe6';
  context.fillRect(0, 0, 512, 640);
  context.strokeStyle = 'rgba(120, 100, 70, 0.07)';
  context.lineWidth = 2;
  for (let offset = -640; offset < 512; offset += 14) {
    context.beginPath();
    context.moveTo(offset, 0);
    context.lineTo(offset + 640, 640);
    context.stroke();
  }
  context.fillStyle = item.accentColor;
  roundRect(context, 136, 70, 240, 110, 12);
  context.fill();
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `700 30px ${FONT}`;
  context.fillText('THREADSWAP', 256, 110);
  context.font = `500 24px ${FONT}`;
  context.fillText(item.conditionLabel, 256, 150);
  context.fillStyle = '#3f3a33';
  context.font = `600 30px ${FONT}`;
  wrapLines(context, item.title, 400, 3).forEach((text, index) =>
    context.fillText(text, 256, 270 + index * 42),
  );
  context.fillStyle = 'rgba(63, 58, 51, 0.6)';
  context.font = `400 22px ${FONT}`;
  context.fillText(item.sideLabel, 256, 560);
  return canvas;
}

/** The front of an item without a photo: a soft card with a shirt outline and the title. */
function placeholderCover(item: SceneItem): HTMLCanvasElement {
  const [canvas, context] = makeCanvas(512, 640);
  const gradient = context.createLinearGradient(0, 0, 0, 640);
  gradient.addColorStop(0, '#f8f6f2');
  gradient.addColorStop(1, '#ebe6dd');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 512, 640);
  context.strokeStyle = item.accentColor;
  context.lineWidth = 10;
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(196, 150);
  context.lineTo(120, 186);
  context.lineTo(92, 262);
  context.lineTo(150, 282);
  context.lineTo(164, 250);
  context.lineTo(164, 420);
  context.lineTo(348, 420);
  context.lineTo(348, 250);
  context.lineTo(362, 282);
  context.lineTo(420, 262);
  context.lineTo(392, 186);
  context.lineTo(316, 150);
  context.quadraticCurveTo(256, 206, 196, 150);
  context.closePath();
  context.stroke();
  context.fillStyle = '#3f3a33';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `600 30px ${FONT}`;
  wrapLines(context, item.title, 420, 2).forEach((text, index) =>
    context.fillText(text, 256, 500 + index * 40),
  );
  return canvas;
}

function roundRect(
  context: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
) {
  context.beginPath();
  context.moveTo(x + radius, y);
  context.arcTo(x + width, y, x + width, y + height, radius);
  context.arcTo(x + width, y + height, x, y + height, radius);
  context.arcTo(x, y + height, x, y, radius);
  context.arcTo(x, y, x + width, y, radius);
  context.closePath();
}
