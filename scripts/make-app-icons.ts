/**
 * Renders the app icons of the web app manifest (public/icons/*.png) from the favicon's artwork:
 * 192 and 512 px, plus a maskable 512 px one whose artwork sits inside the safe zone. Run it after
 * changing public/favicon.svg; the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const glyph =
  '<path d="M9 13.5h11.5l-3-3M23 18.5H11.5l3 3" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b7285"/>${glyph}</svg>`;
// Maskable: a full-bleed square, the glyph scaled into the central 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b7285"/><g transform="translate(3.2 3.2) scale(0.8)">${glyph}</g></svg>`;

mkdirSync('public/icons', { recursive: true });
await Promise.all([
  sharp(Buffer.from(rounded), { density: 1200 }).resize(192, 192).png().toFile('public/icons/icon-192.png'),
  sharp(Buffer.from(rounded), { density: 2400 }).resize(512, 512).png().toFile('public/icons/icon-512.png'),
  sharp(Buffer.from(maskable), { density: 2400 })
    .resize(512, 512)
    .png()
    .toFile('public/icons/maskable-512.png'),
  sharp(Buffer.from(rounded), { density: 1200 })
    .resize(180, 180)
    .png()
    .toFile('public/icons/apple-touch-icon.png'),
]);
console.log('App icons written to public/icons');
