import type { Color } from '../../../common/domain/taxonomy';

/**
 * Demo product photos drawn as SVG, so that seeding needs no network and no binary assets.
 * Each drawing is a garment silhouette in the item's colour on a soft studio background;
 * the variant changes the backdrop and the camera (front, angled, close-up, flat lay).
 */

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 1500;
const ART_VARIANTS = 4;

export const ART_SHAPES = [
  'tshirt',
  'sweater',
  'shirt',
  'trousers',
  'jeans',
  'skirt',
  'dress',
  'floral-dress',
  'jacket',
  'coat',
  'hoodie',
  'leggings',
  'blazer',
  'suit',
  'sneaker',
  'boot',
  'handbag',
  'tote',
  'backpack',
  'necklace',
  'ring',
  'watch',
  'cap',
  'scarf',
  'sunglasses',
] as const;
export type ArtShape = (typeof ART_SHAPES)[number];

/** Real-world shades for the colour vocabulary. */
const COLOR_HEX: Record<Color, string> = {
  Black: '#232326',
  White: '#f4f2ec',
  Gray: '#8d9197',
  Navy: '#1f2c4c',
  Brown: '#6e4529',
  Beige: '#d6c09b',
  Red: '#b32530',
  Pink: '#e6a0b4',
  Blue: '#3b6fb6',
  Green: '#3f6b4a',
  Yellow: '#e8bf3a',
  Purple: '#6b4c94',
  Orange: '#df7a30',
};

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear blend of two hex colours; t = 0 answers `a`, 1 answers `b`. */
function mix(a: string, b: string, t: number) {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

function luminance(hex: string) {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Palette {
  base: string;
  dark: string;
  deep: string;
  light: string;
  /** Outline and seams: visible on both light and dark fabric. */
  line: string;
  stitch: string;
  isDark: boolean;
}

/** Blue jeans and jackets read as denim: a mid-wash indigo rather than a bright blue. */
const DENIM_BLUE = '#46658f';

function paletteFor(color: Color, shape: ArtShape): Palette {
  const base = color === 'Blue' && (shape === 'jeans' || shape === 'jacket') ? DENIM_BLUE : COLOR_HEX[color];
  const isDark = luminance(base) < 0.3;
  return {
    base,
    dark: mix(base, '#000000', 0.22),
    deep: mix(base, '#000000', 0.45),
    light: mix(base, '#ffffff', 0.35),
    line: isDark ? mix(base, '#ffffff', 0.18) : mix(base, '#000000', 0.3),
    stitch: isDark ? mix(base, '#ffffff', 0.32) : mix(base, '#000000', 0.28),
    isDark,
  };
}

const GOLD = '#d4a93f';
const SILVER = '#c3c7cc';
const DENIM_STITCH = '#d79b45';

/** Metal tone for jewellery and watch cases: warm colours get gold, cool ones silver. */
function metalFor(color: Color) {
  return ['Yellow', 'Beige', 'Brown', 'Orange', 'Red', 'Pink'].includes(color) ? GOLD : SILVER;
}

const MIRROR = 'matrix(-1 0 0 1 1200 0)';
const both = (fragment: string) => `${fragment}<g transform="${MIRROR}">${fragment}</g>`;

/** A filled panel: colour, the shared light-to-shadow overlay, and a soft outline. */
function panel(d: string, p: Palette, fill = p.base) {
  return (
    `<path d="${d}" fill="${fill}"/>` +
    `<path d="${d}" fill="url(#shade)"/>` +
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-opacity="0.55" stroke-width="3" stroke-linejoin="round"/>`
  );
}

const stitch = (d: string, color: string, width = 3) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="11 8" stroke-linecap="round" stroke-opacity="0.85"/>`;
const seam = (d: string, p: Palette, opacity = 0.5, width = 3) =>
  `<path d="${d}" fill="none" stroke="${p.line}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;
/** A soft fabric fold: stacked translucent strokes read as a blurred shadow, with a highlight beside it. */
const fold = (d: string, p: Palette) => {
  const shadow = p.isDark ? 0.09 : 0.045;
  return (
    [34, 20, 8]
      .map(
        (width) =>
          `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${shadow}" stroke-width="${width}" stroke-linecap="round"/>`,
      )
      .join('') +
    `<path d="${d}" transform="translate(14 0)" fill="none" stroke="#fff" stroke-opacity="${p.isDark ? 0.05 : 0.12}" stroke-width="12" stroke-linecap="round"/>`
  );
};
const button = (x: number, y: number, r: number, p: Palette) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.deep}"/><circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="${p.dark}"/>` +
  `<circle cx="${x - r * 0.22}" cy="${y - r * 0.22}" r="${r * 0.16}" fill="#000" fill-opacity="0.35"/><circle cx="${x + r * 0.22}" cy="${y + r * 0.22}" r="${r * 0.16}" fill="#000" fill-opacity="0.35"/>`;
const ribs = (x1: number, x2: number, y1: number, y2: number, gap: number, p: Palette) => {
  let out = '';
  for (let x = x1; x <= x2; x += gap) out += `M ${x} ${y1} L ${x} ${y2} `;
  return seam(out, p, 0.35, 2.5);
};

function tshirt(p: Palette) {
  const body =
    'M 455 290 C 500 352 700 352 745 290 L 905 340 L 1075 572 L 952 652 L 880 560 L 885 1210 C 700 1228 500 1228 315 1210 L 320 560 L 248 652 L 125 572 L 295 340 Z';
  return (
    panel(body, p) +
    `<path d="M 455 290 C 520 312 680 312 745 290 C 700 352 500 352 455 290 Z" fill="${p.deep}"/>` +
    `<path d="M 452 290 C 500 356 700 356 748 290" fill="none" stroke="${p.dark}" stroke-width="20"/>` +
    stitch('M 470 306 C 520 372 680 372 730 306', p.stitch) +
    stitch('M 322 1180 C 500 1198 700 1198 882 1180', p.stitch) +
    both(stitch('M 1056 548 L 937 627', p.stitch) + fold('M 420 640 C 450 800 430 980 455 1160', p)) +
    fold('M 600 520 C 620 700 585 900 610 1100', p)
  );
}

function longSleeveBody(hem: number, cuff: number) {
  return `M 458 285 C 510 336 690 336 742 285 L 900 330 C 985 360 1012 420 1032 520 L 1088 ${cuff} L 984 ${cuff + 16} L 906 640 L 896 ${hem} C 700 ${hem + 16} 500 ${hem + 16} 304 ${hem} L 294 640 L 216 ${cuff + 16} L 112 ${cuff} L 168 520 C 188 420 215 360 300 330 Z`;
}

function sweater(p: Palette) {
  const body = longSleeveBody(1190, 1040);
  return (
    panel(body, p) +
    `<path d="${body}" fill="url(#knit)"/>` +
    `<path d="M 458 285 C 520 306 680 306 742 285 C 690 336 510 336 458 285 Z" fill="${p.deep}"/>` +
    `<path d="M 452 283 C 508 350 692 350 748 283" fill="none" stroke="${p.dark}" stroke-width="30"/>` +
    ribs(310, 890, 1120, 1196, 14, p) +
    seam('M 306 1118 C 500 1130 700 1130 894 1118', p, 0.6) +
    both(
      `<path d="M 1081 980 L 1088 1040 L 984 1056 L 978 1000 Z" fill="${p.dark}" fill-opacity="0.5"/>` +
        seam('M 978 1000 L 1081 980', p, 0.6) +
        fold('M 420 660 C 445 820 425 960 450 1110', p) +
        fold('M 1000 560 C 1020 700 1030 820 1050 960', p),
    )
  );
}

function shirt(p: Palette) {
  const body =
    'M 458 285 C 510 330 690 330 742 285 L 900 330 C 985 360 1012 420 1032 520 L 1088 1050 L 984 1066 L 906 640 L 898 1170 C 820 1230 700 1190 600 1215 C 500 1190 380 1230 302 1170 L 294 640 L 216 1066 L 112 1050 L 168 520 C 188 420 215 360 300 330 Z';
  const collar = 'M 600 330 L 452 280 C 470 250 540 245 600 262 Z M 600 330 L 448 286 L 500 400 Z';
  return (
    panel(body, p) +
    `<path d="M 458 285 C 520 300 680 300 742 285 L 600 330 Z" fill="${p.deep}"/>` +
    both(panel(collar, p, p.light) + stitch('M 470 300 L 508 380', p.stitch, 2.5)) +
    seam('M 600 330 L 600 1210', p, 0.55) +
    seam('M 628 345 L 628 1200', p, 0.35) +
    [420, 560, 700, 840, 980, 1120].map((y) => button(614, y, 11, p)).join('') +
    panel('M 680 470 L 810 470 L 810 610 L 745 630 L 680 610 Z', p) +
    stitch('M 690 488 L 800 488', p.stitch, 2.5) +
    both(
      `<path d="M 1080 990 L 1088 1050 L 984 1066 L 976 1006 Z" fill="${p.dark}" fill-opacity="0.45"/>` +
        button(1040, 1032, 8, p) +
        fold('M 1000 560 C 1022 720 1030 840 1052 980', p) +
        fold('M 430 660 C 450 820 430 980 455 1150', p),
    )
  );
}

function trousers(p: Palette, denim: boolean) {
  const legs =
    'M 405 250 L 795 250 L 826 560 L 862 1330 L 646 1330 L 602 640 L 598 640 L 554 1330 L 338 1330 L 374 560 Z';
  const thread = denim ? DENIM_STITCH : p.stitch;
  let out =
    panel(legs, p) +
    panel('M 405 250 L 795 250 L 799 305 L 401 305 Z', p, p.dark) +
    [440, 540, 660, 760]
      .map(
        (x) =>
          `<rect x="${x - 9}" y="244" width="18" height="70" rx="4" fill="${p.dark}" stroke="${p.line}" stroke-opacity="0.5" stroke-width="2"/>`,
      )
      .join('') +
    button(600, 278, 13, p) +
    stitch('M 612 310 L 612 520 C 612 560 595 585 570 592', thread) +
    seam('M 600 305 L 600 640', p, 0.5) +
    stitch('M 404 262 L 796 262 M 402 294 L 798 294', thread, 2.5);
  if (denim) {
    out +=
      both(
        stitch('M 402 318 C 470 322 520 370 530 440', thread) +
          stitch('M 400 340 C 458 344 500 384 508 440', thread) +
          stitch('M 378 560 L 342 1300', thread) +
          `<circle cx="532" cy="444" r="6" fill="#b0743a"/>`,
      ) +
      stitch('M 690 330 L 740 330 L 740 380 L 690 380 Z', thread, 2.5) +
      stitch('M 340 1302 L 552 1302 M 648 1302 L 860 1302', thread);
  } else {
    out +=
      both(
        seam('M 410 320 C 450 380 470 420 478 470', p, 0.6) +
          fold('M 478 330 C 470 700 460 1000 448 1320', p),
      ) + stitch('M 340 1300 L 552 1300 M 648 1300 L 860 1300', p.stitch, 2.5);
  }
  return out + both(fold('M 560 700 C 540 850 560 950 545 1100', p));
}

function skirt(p: Palette) {
  const body = 'M 450 310 L 750 310 L 932 1160 C 720 1200 480 1200 268 1160 Z';
  let pleats = '';
  for (const x of [330, 400, 470, 540, 600, 660, 730, 800, 870])
    pleats += fold(`M ${600 + (x - 600) * 0.32} 370 L ${x} 1170`, p);
  return (
    panel(body, p) +
    pleats +
    panel('M 450 300 L 750 300 L 754 360 L 446 360 Z', p, p.dark) +
    button(700, 330, 11, p) +
    stitch('M 292 1140 C 500 1175 700 1175 908 1140', p.stitch)
  );
}

function dress(p: Palette, floral: boolean) {
  const body =
    'M 455 285 L 520 270 L 600 500 L 680 270 L 745 285 C 800 300 842 340 862 402 L 776 452 C 762 522 742 572 730 612 C 800 800 880 1050 932 1322 C 720 1356 480 1356 268 1322 C 320 1050 400 800 470 612 C 458 572 438 522 424 452 L 338 402 C 358 340 400 300 455 285 Z';
  let out = panel(body, p);
  if (floral) {
    out += `<path d="${body}" fill="url(#flowers)"/>`;
  }
  let folds = '';
  for (const x of [330, 430, 540, 660, 770, 870])
    folds += fold(`M ${600 + (x - 600) * 0.3} 660 C ${600 + (x - 600) * 0.55} 900 ${x} 1100 ${x} 1320`, p);
  return (
    out +
    folds +
    seam('M 600 500 C 650 560 700 590 730 612', p, 0.6) +
    seam('M 718 640 C 760 900 790 1150 800 1340', p, 0.55) +
    panel('M 468 598 C 560 612 640 612 732 598 L 728 640 C 640 652 560 652 472 640 Z', p, p.dark) +
    panel('M 482 620 C 440 700 420 780 430 860 L 462 856 C 460 780 478 700 500 632 Z', p, p.dark) +
    panel('M 494 624 C 500 720 520 800 560 870 L 586 856 C 552 790 530 710 516 630 Z', p, p.dark) +
    `<ellipse cx="490" cy="620" rx="26" ry="22" fill="${p.dark}" stroke="${p.line}" stroke-opacity="0.5" stroke-width="2"/>` +
    both(stitch('M 350 396 L 436 444', p.stitch, 2.5))
  );
}

function jacket(p: Palette) {
  const body = longSleeveBody(1140, 1060);
  return (
    panel(body, p) +
    `<path d="M 458 285 C 520 300 680 300 742 285 L 600 360 Z" fill="${p.deep}"/>` +
    both(panel('M 600 360 L 458 282 C 430 300 400 330 390 360 L 470 470 Z', p, p.dark)) +
    seam('M 600 360 L 600 1150', p, 0.8, 4) +
    `<rect x="592" y="366" width="16" height="30" rx="4" fill="${SILVER}"/>` +
    panel('M 300 1080 C 500 1096 700 1096 900 1080 L 898 1148 C 700 1166 500 1166 302 1148 Z', p, p.dark) +
    ribs(310, 890, 1088, 1152, 12, p) +
    both(
      panel('M 680 520 L 820 520 L 822 640 L 682 640 Z', p) +
        panel('M 676 506 L 826 506 L 826 560 L 751 580 L 676 560 Z', p, p.dark) +
        button(751, 560, 9, p) +
        stitch('M 690 600 L 810 600', p.stitch, 2.5) +
        `<path d="M 1082 1000 L 1088 1060 L 984 1076 L 978 1016 Z" fill="${p.dark}" fill-opacity="0.6"/>` +
        stitch('M 300 640 L 310 1070', p.stitch, 2.5) +
        fold('M 1002 570 C 1022 720 1030 850 1054 1000', p),
    )
  );
}

function coat(p: Palette) {
  const body =
    'M 458 285 C 510 336 690 336 742 285 L 900 330 C 985 360 1012 420 1032 520 L 1090 1110 L 984 1128 L 908 660 L 930 1360 C 700 1380 500 1380 270 1360 L 292 660 L 216 1128 L 110 1110 L 168 520 C 188 420 215 360 300 330 Z';
  return (
    panel(body, p) +
    `<path d="M 458 285 C 520 300 680 300 742 285 L 600 420 Z" fill="${p.deep}"/>` +
    both(panel('M 600 640 L 458 282 C 420 300 392 330 380 360 L 452 470 L 420 500 Z', p, p.dark)) +
    seam('M 640 640 L 660 1370', p, 0.7, 4) +
    [720, 860].map((y) => button(530, y, 16, p) + button(680, y, 16, p)).join('') +
    panel('M 292 800 C 500 812 700 812 910 800 L 912 860 C 700 872 500 872 290 860 Z', p, p.dark) +
    `<rect x="560" y="792" width="80" height="76" rx="10" fill="none" stroke="${SILVER}" stroke-width="8"/>` +
    both(
      panel('M 360 960 L 500 940 L 506 990 L 366 1010 Z', p, p.dark) +
        fold('M 420 900 C 430 1050 410 1200 420 1350', p) +
        fold('M 1002 570 C 1024 740 1034 880 1058 1060', p),
    )
  );
}

function hoodie(p: Palette) {
  const body = longSleeveBody(1190, 1050);
  return (
    panel('M 420 330 C 400 180 480 120 600 120 C 720 120 800 180 780 330 Z', p, p.dark) +
    panel(body, p) +
    panel(
      'M 430 300 C 430 200 500 160 600 160 C 700 160 770 200 770 300 C 730 360 670 380 600 380 C 530 380 470 360 430 300 Z',
      p,
    ) +
    `<path d="M 470 300 C 480 220 530 200 600 200 C 670 200 720 220 730 300 C 700 340 660 350 600 350 C 540 350 500 340 470 300 Z" fill="${p.deep}"/>` +
    both(
      `<path d="M 560 372 C 556 460 566 520 560 600" fill="none" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>` +
        `<rect x="552" y="596" width="16" height="34" rx="4" fill="${SILVER}"/>` +
        `<path d="M 1082 990 L 1088 1050 L 984 1066 L 978 1010 Z" fill="${p.dark}" fill-opacity="0.6"/>` +
        fold('M 1002 570 C 1022 720 1030 840 1050 980', p),
    ) +
    panel('M 410 840 L 790 840 L 850 1080 L 350 1080 Z', p) +
    stitch('M 422 858 L 778 858 M 400 860 L 362 1064 M 800 860 L 838 1064', p.stitch, 2.5) +
    ribs(312, 888, 1122, 1196, 12, p) +
    seam('M 306 1118 C 500 1130 700 1130 894 1118', p, 0.6)
  );
}

function leggings(p: Palette) {
  const legs =
    'M 428 230 L 772 230 L 796 520 L 736 1350 L 632 1350 L 603 640 L 597 640 L 568 1350 L 464 1350 L 404 520 Z';
  return (
    panel(legs, p) +
    panel('M 428 230 L 772 230 L 782 340 C 660 356 540 356 418 340 Z', p, p.dark) +
    stitch('M 424 250 L 776 250 M 420 326 C 540 342 660 342 780 326', p.stitch, 2.5) +
    both(
      seam('M 412 420 C 470 520 480 700 500 900 C 510 1050 500 1200 490 1350', p, 0.45) +
        `<path d="M 404 520 C 420 700 460 900 480 1350" fill="none" stroke="#fff" stroke-opacity="${p.isDark ? 0.1 : 0.2}" stroke-width="26"/>`,
    ) +
    seam('M 600 340 L 600 640', p, 0.5)
  );
}

function blazer(p: Palette, suit: boolean) {
  const body =
    'M 458 285 C 510 330 690 330 742 285 L 905 326 C 990 356 1014 420 1032 520 L 1086 1080 L 984 1096 L 908 640 L 904 1200 C 800 1220 700 1210 630 1200 L 600 1120 L 570 1200 C 500 1210 400 1220 296 1200 L 292 640 L 216 1096 L 114 1080 L 168 520 C 186 420 210 356 295 326 Z';
  const opening = 'M 520 300 L 680 300 L 610 800 L 590 800 Z';
  let inner = `<path d="${opening}" fill="${p.deep}"/>`;
  if (suit) {
    inner =
      `<path d="${opening}" fill="#f7f6f2"/>` +
      `<path d="M 520 300 L 600 350 L 680 300 L 690 330 L 600 380 L 510 330 Z" fill="#e9e7e1"/>` +
      `<path d="M 584 360 L 616 360 L 626 400 L 600 418 L 574 400 Z M 580 412 L 620 412 L 640 720 L 600 780 L 560 720 Z" fill="${mix(p.base, '#7a1f2b', 0.55)}"/>` +
      seam('M 590 420 L 610 700', p, 0.25, 2);
  }
  return (
    panel(body, p) +
    inner +
    both(
      panel('M 600 800 L 520 300 L 458 282 C 430 300 405 330 395 366 L 472 440 L 446 470 Z', p, p.dark) +
        seam('M 520 304 L 590 790', p, 0.45, 2) +
        panel('M 350 900 L 500 888 L 502 930 L 352 942 Z', p, p.dark) +
        button(1040, 1040, 7, p) +
        button(1022, 1016, 7, p) +
        fold('M 1002 580 C 1022 720 1030 860 1052 1020', p) +
        fold('M 430 980 C 436 1060 428 1130 434 1200', p),
    ) +
    panel('M 700 500 L 800 496 L 800 512 L 700 516 Z', p, p.dark) +
    `<path d="M 706 480 C 720 470 740 470 752 486 L 740 500 L 712 500 Z" fill="#f2efe8"/>` +
    button(600, 880, 14, p) +
    button(600, 1000, 14, p)
  );
}

function sneaker(p: Palette) {
  const upper =
    'M 188 965 C 176 870 192 780 240 702 C 272 652 332 640 384 662 C 444 690 500 690 540 650 L 604 560 C 644 540 684 552 694 582 L 762 690 C 864 760 962 800 1040 858 C 1082 890 1092 932 1082 966 Z';
  const midsole = p.isDark || p.base === COLOR_HEX.White ? '#f3f1ec' : '#fbfaf7';
  return (
    panel(upper, p) +
    panel(
      'M 760 690 C 860 760 960 800 1040 858 C 1082 890 1092 932 1082 966 L 880 966 C 900 880 860 780 760 690 Z',
      p,
      p.light,
    ) +
    panel(
      'M 188 965 C 176 870 192 780 240 702 C 262 668 300 652 330 650 C 320 760 330 860 360 966 Z',
      p,
      p.dark,
    ) +
    `<path d="M 300 900 C 460 880 640 760 860 760 C 780 820 560 900 360 930 Z" fill="${p.isDark ? '#f3f1ec' : p.deep}" fill-opacity="0.9"/>` +
    stitch('M 200 930 C 440 930 700 930 1074 936', p.stitch, 2.5) +
    stitch('M 346 960 C 320 860 318 760 336 664', p.stitch, 2.5) +
    panel('M 604 560 C 644 540 684 552 694 582 L 700 600 C 660 590 630 600 610 620 Z', p, p.dark) +
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const x = 600 + i * 30;
        const y = 610 + i * 20;
        return `<circle cx="${x}" cy="${y}" r="7" fill="${p.deep}"/><path d="M ${x - 8} ${y + 22} L ${x + 38} ${y - 6}" stroke="#f6f4ef" stroke-width="10" stroke-linecap="round"/>`;
      })
      .join('') +
    `<path d="M 170 960 L 1090 960 C 1100 1000 1080 1040 1030 1050 L 230 1050 C 190 1050 168 1020 170 960 Z" fill="${midsole}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>` +
    `<path d="M 186 1040 L 1060 1040 C 1050 1066 1030 1076 1000 1076 L 230 1076 C 206 1076 190 1062 186 1040 Z" fill="${p.isDark ? '#2b2b2e' : '#b8916a'}"/>` +
    `<path d="M 200 1000 L 1080 1000" stroke="#000" stroke-opacity="0.08" stroke-width="4"/>` +
    `<path d="M 240 702 C 220 660 236 630 262 640 L 300 654" fill="none" stroke="${p.dark}" stroke-width="16" stroke-linecap="round"/>`
  );
}

function boot(p: Palette) {
  const upper =
    'M 262 1030 C 236 960 244 860 262 760 L 276 420 C 306 392 420 386 520 404 L 560 420 L 594 720 C 702 790 880 836 990 886 C 1062 920 1078 980 1068 1030 Z';
  let eyelets = '';
  for (let i = 0; i < 8; i += 1) {
    const x = 548 + i * 6;
    const y = 450 + i * 40;
    eyelets += `<circle cx="${x}" cy="${y}" r="8" fill="${SILVER}" stroke="${p.deep}" stroke-width="3"/>`;
    if (i < 7)
      eyelets += `<path d="M ${x} ${y} L ${x + 44} ${y + 28}" stroke="${p.deep}" stroke-width="9" stroke-linecap="round"/>`;
  }
  return (
    `<path d="M 262 420 L 236 366 L 290 350 L 300 410 Z" fill="#2d2a26"/>` +
    `<path d="M 246 368 L 288 356" stroke="${GOLD}" stroke-width="4"/>` +
    panel(upper, p) +
    panel('M 276 420 C 306 392 420 386 520 404 L 560 420 L 570 470 C 470 450 370 452 272 470 Z', p, p.dark) +
    panel(
      'M 594 720 C 702 790 880 836 990 886 C 1062 920 1078 980 1068 1030 L 860 1030 C 880 930 760 820 594 720 Z',
      p,
    ) +
    `<ellipse cx="930" cy="920" rx="70" ry="22" fill="#fff" fill-opacity="${p.isDark ? 0.16 : 0.3}" transform="rotate(24 930 920)"/>` +
    stitch('M 290 700 C 420 690 520 700 600 740', p.stitch, 2.5) +
    seam('M 600 740 C 640 860 680 960 700 1030', p, 0.5) +
    eyelets +
    `<path d="M 240 1028 L 1084 1028 C 1094 1058 1080 1086 1050 1094 L 252 1094 C 236 1094 230 1060 240 1028 Z" fill="#2b2824"/>` +
    stitch('M 254 1044 L 1074 1044', '#e6c349', 4) +
    `<path d="M 244 1090 L 1052 1090 L 1040 1112 L 256 1112 Z" fill="#1c1a18"/>` +
    seam('M 264 1102 L 1040 1102', p, 0.2, 3)
  );
}

function handbag(p: Palette) {
  const body =
    'M 330 700 L 870 700 L 940 1218 C 940 1244 924 1260 898 1260 L 302 1260 C 276 1260 260 1244 260 1218 Z';
  return (
    `<path d="M 430 706 C 430 420 770 420 770 706" fill="none" stroke="${p.deep}" stroke-width="38" stroke-linecap="round"/>` +
    `<path d="M 430 706 C 430 420 770 420 770 706" fill="none" stroke="${p.light}" stroke-opacity="0.35" stroke-width="8" transform="translate(-6 -6)"/>` +
    panel(body, p) +
    [430, 770]
      .map(
        (x) =>
          `<rect x="${x - 30}" y="684" width="60" height="40" rx="8" fill="${p.dark}"/><circle cx="${x}" cy="704" r="9" fill="${GOLD}"/>`,
      )
      .join('') +
    panel('M 322 712 L 878 712 L 898 900 C 790 962 410 962 302 900 Z', p, p.dark) +
    stitch('M 336 730 L 864 730 L 880 892 C 780 944 420 944 320 892 Z', p.stitch, 2.5) +
    stitch('M 282 1216 L 916 1216', p.stitch, 2.5) +
    `<rect x="560" y="900" width="80" height="64" rx="12" fill="${GOLD}"/><rect x="574" y="914" width="52" height="36" rx="8" fill="#b8892d"/>` +
    fold('M 420 1000 C 430 1100 420 1180 426 1250', p) +
    fold('M 780 1000 C 774 1100 784 1180 776 1250', p)
  );
}

function tote(p: Palette) {
  const body =
    'M 300 640 L 900 640 L 940 1250 C 940 1268 926 1280 908 1280 L 292 1280 C 274 1280 260 1268 260 1250 Z';
  const strap = p.isDark ? '#6e4529' : p.deep;
  return (
    both(`<path d="M 400 650 C 410 330 560 330 560 650" fill="none" stroke="${strap}" stroke-width="30"/>`) +
    panel(body, p) +
    `<path d="M 300 640 L 900 640 L 904 700 L 296 700 Z" fill="#000" fill-opacity="0.15"/>` +
    both(
      `<rect x="382" y="640" width="36" height="90" rx="6" fill="${strap}"/><circle cx="400" cy="710" r="8" fill="${GOLD}"/>`,
    ) +
    panel('M 520 640 L 680 640 L 680 800 C 640 830 560 830 520 800 Z', p, strap) +
    `<circle cx="600" cy="780" r="14" fill="${GOLD}"/>` +
    stitch('M 290 1240 L 910 1240', p.stitch, 2.5) +
    fold('M 440 760 C 450 950 430 1100 440 1270', p) +
    fold('M 760 760 C 750 950 770 1100 760 1270', p) +
    fold('M 600 860 C 596 1000 604 1150 600 1270', p)
  );
}

function backpack(p: Palette) {
  const body =
    'M 360 480 C 360 380 460 330 600 330 C 740 330 840 380 840 480 L 860 1220 C 860 1260 830 1290 790 1290 L 410 1290 C 370 1290 340 1260 340 1220 Z';
  return (
    `<path d="M 540 340 C 540 250 660 250 660 340" fill="none" stroke="${p.deep}" stroke-width="22"/>` +
    both(
      `<path d="M 364 520 C 310 700 300 950 330 1200" fill="none" stroke="${p.deep}" stroke-width="30" stroke-linecap="round"/>`,
    ) +
    panel(body, p) +
    seam('M 380 560 C 380 420 480 380 600 380 C 720 380 820 420 820 560', p, 0.7, 5) +
    `<rect x="770" y="540" width="18" height="54" rx="6" fill="${SILVER}"/>` +
    panel(
      'M 420 820 L 780 820 C 810 820 830 840 832 870 L 840 1180 C 840 1210 820 1230 790 1230 L 410 1230 C 380 1230 360 1210 360 1180 L 368 870 C 370 840 390 820 420 820 Z',
      p,
      p.dark,
    ) +
    seam('M 400 900 L 800 900', p, 0.7, 5) +
    `<rect x="740" y="884" width="16" height="46" rx="5" fill="${SILVER}"/>` +
    stitch('M 386 844 L 814 844', p.stitch, 2.5) +
    `<rect x="540" y="960" width="120" height="60" rx="10" fill="${p.deep}" fill-opacity="0.6"/>` +
    fold('M 460 480 C 470 600 450 700 460 800', p) +
    fold('M 740 480 C 730 600 750 700 740 800', p)
  );
}

/** Points along a quadratic curve, for beads and chain links. */
function along(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, count: number) {
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= count; i += 1) {
    const t = i / count;
    const u = 1 - t;
    points.push([u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1]);
  }
  return points;
}

function necklace(p: Palette, color: Color) {
  const metal = metalFor(color);
  const gem = ['Yellow', 'Beige', 'Gray', 'White', 'Black'].includes(color) ? '#f4f1ea' : p.base;
  const links = along(440, 560, 600, 1120, 760, 560, 46)
    .map(
      ([x, y]) =>
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="9" fill="none" stroke="${metal}" stroke-width="5"/>`,
    )
    .join('');
  return (
    `<path d="M 470 200 C 470 320 460 420 420 470 C 300 520 200 560 170 700 L 130 1380 L 1070 1380 L 1030 700 C 1000 560 900 520 780 470 C 740 420 730 320 730 200 Z" fill="#e7dccb"/>` +
    `<path d="M 470 200 C 470 320 460 420 420 470 C 300 520 200 560 170 700 L 130 1380 L 1070 1380 L 1030 700 C 1000 560 900 520 780 470 C 740 420 730 320 730 200 Z" fill="url(#shade)"/>` +
    `<ellipse cx="600" cy="200" rx="130" ry="26" fill="#d9ccb6"/>` +
    links +
    `<path d="M 600 838 L 640 880 L 600 980 L 560 880 Z" fill="${metal}"/>` +
    `<path d="M 600 856 L 626 884 L 600 952 L 574 884 Z" fill="${gem}"/>` +
    `<path d="M 590 868 L 604 872 L 596 900 Z" fill="#fff" fill-opacity="0.7"/>` +
    `<circle cx="600" cy="832" r="12" fill="none" stroke="${metal}" stroke-width="6"/>`
  );
}

function ring(p: Palette, color: Color) {
  const metal = metalFor(color);
  const gem = ['Yellow', 'Beige', 'Gray', 'White', 'Black'].includes(color) ? '#eef4fa' : p.base;
  return (
    `<ellipse cx="600" cy="860" rx="250" ry="250" fill="none" stroke="${mix(metal, '#000000', 0.25)}" stroke-width="64"/>` +
    `<ellipse cx="600" cy="860" rx="250" ry="250" fill="none" stroke="${metal}" stroke-width="44"/>` +
    `<path d="M 380 760 C 420 660 500 620 560 612" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M 520 640 L 560 560 L 640 560 L 680 640 Z" fill="${metal}"/>` +
    `<path d="M 600 380 L 700 470 L 600 600 L 500 470 Z" fill="${gem}" stroke="${mix(gem, '#000000', 0.3)}" stroke-width="4"/>` +
    `<path d="M 500 470 L 700 470 M 600 380 L 560 470 L 600 600 L 640 470 Z" fill="none" stroke="${mix(gem, '#000000', 0.25)}" stroke-opacity="0.6" stroke-width="3"/>` +
    `<path d="M 560 420 L 590 400 L 575 450 Z" fill="#fff" fill-opacity="0.8"/>`
  );
}

function watch(p: Palette, color: Color) {
  const metal = color === 'Gray' || color === 'White' ? SILVER : metalFor(color);
  const dial = color === 'Black' || color === 'Navy' ? '#f2efe8' : '#1e2230';
  const ink = dial === '#1e2230' ? '#eae6dc' : '#202126';
  let ticks = '';
  for (let i = 0; i < 12; i += 1) {
    const long = i % 3 === 0;
    ticks += `<rect x="596" y="${long ? 600 : 606}" width="8" height="${long ? 44 : 26}" rx="3" fill="${ink}" transform="rotate(${i * 30} 600 760)"/>`;
  }
  return (
    panel('M 500 200 L 700 200 L 690 600 L 510 600 Z', p) +
    panel('M 510 920 L 690 920 L 700 1340 L 500 1340 Z', p) +
    stitch(
      'M 522 220 L 528 590 M 678 220 L 672 590 M 528 930 L 522 1320 M 672 930 L 678 1320',
      p.stitch,
      2.5,
    ) +
    [1020, 1090, 1160, 1230]
      .map((y) => `<ellipse cx="600" cy="${y}" rx="9" ry="7" fill="${p.deep}"/>`)
      .join('') +
    `<rect x="790" y="736" width="40" height="48" rx="8" fill="${metal}"/>` +
    `<circle cx="600" cy="760" r="206" fill="${mix(metal, '#000000', 0.3)}"/>` +
    `<circle cx="600" cy="760" r="194" fill="${metal}"/>` +
    `<circle cx="600" cy="760" r="170" fill="${dial}"/>` +
    ticks +
    `<rect x="594" y="650" width="12" height="118" rx="5" fill="${ink}" transform="rotate(-60 600 760)"/>` +
    `<rect x="596" y="622" width="8" height="146" rx="4" fill="${ink}" transform="rotate(60 600 760)"/>` +
    `<rect x="598" y="612" width="4" height="170" fill="#d0383c" transform="rotate(160 600 760)"/>` +
    `<circle cx="600" cy="760" r="12" fill="${metal}"/>` +
    `<path d="M 470 650 C 520 600 580 590 640 596" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="18" stroke-linecap="round"/>`
  );
}

function cap(p: Palette) {
  const crown = 'M 330 830 C 330 570 470 470 600 470 C 730 470 870 570 870 830 Z';
  return (
    panel(crown, p) +
    seam(
      'M 600 478 C 560 600 540 720 540 830 M 600 478 C 640 600 660 720 660 830 M 600 478 C 470 560 400 680 380 830 M 600 478 C 730 560 800 680 820 830',
      p,
      0.45,
    ) +
    `<circle cx="600" cy="476" r="18" fill="${p.dark}"/>` +
    [
      [470, 600],
      [730, 600],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${p.deep}"/>`)
      .join('') +
    panel(
      'M 316 826 C 420 800 780 800 884 826 C 1000 860 1060 920 1040 958 C 940 1010 700 990 600 970 C 480 950 350 920 316 880 Z',
      p,
      p.dark,
    ) +
    stitch('M 346 850 C 460 826 760 826 870 850 C 960 880 1010 920 1000 944', p.stitch, 2.5) +
    stitch('M 340 810 C 450 790 750 790 860 810', p.stitch, 2.5) +
    fold('M 500 560 C 470 650 460 740 464 820', p)
  );
}

function scarf(p: Palette) {
  const shape =
    'M 360 300 C 480 270 720 270 840 300 L 850 420 C 760 450 700 460 680 470 L 760 1180 L 560 1210 L 520 470 C 470 460 420 446 350 420 Z M 430 440 L 540 470 L 520 1140 L 330 1120 Z';
  let stripes = '';
  for (let x = 300; x < 900; x += 64)
    stripes += `<rect x="${x}" y="250" width="18" height="1000" fill="${p.deep}" fill-opacity="0.45"/>`;
  for (let y = 300; y < 1250; y += 64)
    stripes += `<rect x="300" y="${y}" width="600" height="14" fill="${p.light}" fill-opacity="0.4"/>`;
  let fringe = '';
  for (let i = 0; i < 14; i += 1) {
    fringe += `<path d="M ${334 + i * 13.5} ${1122 + i * 1.4} l -2 56" stroke="${p.dark}" stroke-width="5" stroke-linecap="round"/>`;
    fringe += `<path d="M ${562 + i * 14} ${1210 - i * 2.1} l 2 56" stroke="${p.dark}" stroke-width="5" stroke-linecap="round"/>`;
  }
  return (
    fringe +
    panel(shape, p) +
    `<clipPath id="scarf-clip"><path d="${shape}"/></clipPath><g clip-path="url(#scarf-clip)">${stripes}</g>` +
    `<path d="${shape}" fill="url(#shade)"/>` +
    fold('M 420 320 C 520 380 680 380 780 320', p) +
    fold('M 600 520 C 620 700 610 900 640 1180', p)
  );
}

function sunglasses(p: Palette) {
  const lens =
    'M 300 640 L 560 640 C 570 700 560 800 520 850 C 470 880 380 880 340 850 C 300 810 290 700 300 640 Z';
  return (
    both(
      `<path d="M 300 650 L 190 610 L 196 640 L 300 680 Z" fill="${p.dark}"/>` +
        `<path d="${lens}" fill="url(#lens)"/>` +
        `<path d="${lens}" fill="none" stroke="${p.base}" stroke-width="28" stroke-linejoin="round"/>` +
        `<path d="${lens}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="6" transform="translate(-4 -6)"/>` +
        `<path d="M 340 690 L 420 670 L 380 760 Z" fill="#fff" fill-opacity="0.2"/>` +
        `<circle cx="310" cy="652" r="6" fill="${SILVER}"/>`,
    ) +
    `<path d="M 560 660 C 580 630 620 630 640 660" fill="none" stroke="${p.base}" stroke-width="24"/>` +
    `<path d="M 282 630 L 918 630" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>`
  );
}

function garment(shape: ArtShape, color: Color, p: Palette): string {
  switch (shape) {
    case 'tshirt':
      return tshirt(p);
    case 'sweater':
      return sweater(p);
    case 'shirt':
      return shirt(p);
    case 'trousers':
      return trousers(p, false);
    case 'jeans':
      return trousers(p, true);
    case 'skirt':
      return skirt(p);
    case 'dress':
      return dress(p, false);
    case 'floral-dress':
      return dress(p, true);
    case 'jacket':
      return jacket(p);
    case 'coat':
      return coat(p);
    case 'hoodie':
      return hoodie(p);
    case 'leggings':
      return leggings(p);
    case 'blazer':
      return blazer(p, false);
    case 'suit':
      return blazer(p, true);
    case 'sneaker':
      return sneaker(p);
    case 'boot':
      return boot(p);
    case 'handbag':
      return handbag(p);
    case 'tote':
      return tote(p);
    case 'backpack':
      return backpack(p);
    case 'necklace':
      return necklace(p, color);
    case 'ring':
      return ring(p, color);
    case 'watch':
      return watch(p, color);
    case 'cap':
      return cap(p);
    case 'scarf':
      return scarf(p);
    case 'sunglasses':
      return sunglasses(p);
  }
}

/**
 * Where each shape meets the floor and how wide its contact shadow is: shoes, bags and the bust
 * stand on it; clothes float a little above, as on an invisible mannequin.
 */
const FOOTPRINT: Record<ArtShape, [number, number]> = {
  tshirt: [1270, 360],
  sweater: [1250, 380],
  shirt: [1260, 380],
  trousers: [1370, 300],
  jeans: [1370, 300],
  skirt: [1240, 340],
  dress: [1385, 360],
  'floral-dress': [1385, 360],
  jacket: [1200, 400],
  coat: [1415, 380],
  hoodie: [1250, 380],
  leggings: [1385, 230],
  blazer: [1250, 390],
  suit: [1250, 390],
  sneaker: [1080, 470],
  boot: [1114, 450],
  handbag: [1266, 360],
  tote: [1286, 380],
  backpack: [1294, 300],
  necklace: [1384, 480],
  ring: [1130, 250],
  watch: [1370, 200],
  cap: [1000, 380],
  scarf: [1300, 260],
  sunglasses: [930, 330],
};

interface Camera {
  backdropTop: string;
  backdropBottom: string;
  /** Applied around the garment's centre: front, angled, close-up or flat lay. */
  transform: string;
  /** A flat lay is lit from above: its shadow falls all around, and there is no floor. */
  flatLay: boolean;
}

/** Variant 0 is the hero shot; the others are the "more photos" of a listing. */
function cameraFor(variant: number, color: Color): Camera {
  const lightGarment = ['White', 'Beige', 'Yellow'].includes(color);
  switch (variant % ART_VARIANTS) {
    case 1:
      return {
        backdropTop: lightGarment ? '#e4e8ee' : '#eef1f5',
        backdropBottom: lightGarment ? '#c9d1dc' : '#d6dde6',
        transform: 'translate(600 780) rotate(-7) scale(0.9) translate(-600 -780)',
        flatLay: false,
      };
    case 2:
      return {
        backdropTop: lightGarment ? '#eadbd0' : '#f7ede6',
        backdropBottom: lightGarment ? '#d9c2b2' : '#ead8cc',
        transform: 'translate(600 760) scale(1.55) translate(-600 -700)',
        flatLay: false,
      };
    case 3:
      return {
        backdropTop: lightGarment ? '#d2dccd' : '#e6ece2',
        backdropBottom: lightGarment ? '#bccab6' : '#d3dccd',
        transform: 'translate(600 760) rotate(6) scale(0.86) translate(-600 -760)',
        flatLay: true,
      };
    default:
      return {
        backdropTop: lightGarment ? '#ece6dc' : '#f6f3ee',
        backdropBottom: lightGarment ? '#d8cfc2' : '#e6dfd4',
        transform: 'translate(600 760) scale(0.96) translate(-600 -760)',
        flatLay: false,
      };
  }
}

/** Two small blossoms and a leaf: one cell of the floral print. */
const flowerMotif = (petal: string) =>
  `<g fill="${petal}"><circle cx="30" cy="30" r="9"/><circle cx="44" cy="30" r="9"/><circle cx="37" cy="18" r="9"/><circle cx="37" cy="42" r="9"/><circle cx="90" cy="90" r="8"/><circle cx="102" cy="90" r="8"/><circle cx="96" cy="80" r="8"/><circle cx="96" cy="100" r="8"/></g>` +
  `<circle cx="37" cy="30" r="5" fill="${GOLD}"/><circle cx="96" cy="90" r="4" fill="${GOLD}"/>` +
  `<path d="M 60 70 q 10 -12 22 -4" fill="none" stroke="${mix(COLOR_HEX.Green, '#ffffff', 0.3)}" stroke-width="4"/>`;

/** Knit stitches as chevrons, 8 by 8 per pattern tile: big tiles render much faster than tiny ones. */
const KNIT_TILE = Array.from({ length: 64 }, (_, index) => {
  const x = (index % 8) * 22;
  const y = Math.floor(index / 8) * 26;
  return `M ${x + 2} ${y + 4} L ${x + 11} ${y + 18} L ${x + 20} ${y + 4}`;
}).join(' ');

const svgDocument = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"><defs>${defs}</defs>${body}</svg>`;

/**
 * The studio backdrop alone. Large gradients are the slowest part of rasterising, and only a few
 * backdrops exist, so the renderer rasterises each once and composites garments over it.
 */
export function backdropSvg(variant: number, color: Color): string {
  const camera = cameraFor(variant, color);
  const surface = camera.flatLay
    ? '<rect width="1200" height="1500" fill="url(#weave)"/>'
    : '<rect y="1180" width="1200" height="320" fill="url(#floor)"/>';
  return svgDocument(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${camera.backdropTop}"/><stop offset="1" stop-color="${camera.backdropBottom}"/></linearGradient>` +
      '<radialGradient id="spot" cx="0.42" cy="0.32" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>' +
      '<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.07"/></linearGradient>' +
      '<pattern id="weave" width="16" height="16" patternUnits="userSpaceOnUse"><path d="M 0 8 L 16 8 M 8 0 L 8 16" stroke="#000" stroke-opacity="0.035" stroke-width="2"/></pattern>',
    `<rect width="1200" height="1500" fill="url(#bg)"/><rect width="1200" height="1500" fill="url(#spot)"/>${surface}`,
  );
}

/**
 * The soft shadow a flat lay casts on the surface below, or null: studio shots stand on the floor
 * and get a contact shadow drawn in the garment layer instead (blurring costs time).
 */
export function shadowFor(variant: number) {
  return cameraFor(variant, 'Gray').flatLay ? { dx: 16, dy: 24, blur: 16, opacity: 0.34 } : null;
}

/** The garment on a transparent canvas, already placed by the variant's camera. */
export function garmentLayerSvg(shape: ArtShape, color: Color, variant: number): string {
  const p = paletteFor(color, shape);
  const camera = cameraFor(variant, color);
  const [floorY, floorWidth] = FOOTPRINT[shape];
  const contact = camera.flatLay
    ? ''
    : `<ellipse cx="600" cy="${floorY}" rx="${floorWidth}" ry="${Math.round(floorWidth / 9)}" fill="url(#contact)"/>`;
  const knitColor = p.isDark ? '#ffffff' : '#000000';
  const flower = p.isDark ? mix(p.base, '#ffffff', 0.55) : mix(p.base, '#ffffff', 0.7);
  return svgDocument(
    '<radialGradient id="contact"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>' +
      `<linearGradient id="shade" x1="0.15" y1="0" x2="0.85" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${p.isDark ? 0.16 : 0.24}"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${p.isDark ? 0.3 : 0.2}"/></linearGradient>` +
      '<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f3a3a"/><stop offset="1" stop-color="#6b7772"/></linearGradient>' +
      `<pattern id="knit" width="176" height="208" patternUnits="userSpaceOnUse"><path d="${KNIT_TILE}" fill="none" stroke="${knitColor}" stroke-opacity="0.11" stroke-width="3"/></pattern>` +
      `<pattern id="flowers" width="240" height="240" patternUnits="userSpaceOnUse">${[0, 120]
        .flatMap((x) => [0, 120].map((y) => `<g transform="translate(${x} ${y})">${flowerMotif(flower)}</g>`))
        .join('')}</pattern>`,
    `<g transform="${camera.transform}">${contact}${garment(shape, color, p)}</g>`,
  );
}
