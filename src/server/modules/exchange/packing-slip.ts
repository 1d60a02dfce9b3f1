import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { ShippingAddress } from '../../../common/api/addresses';

/** What a packing slip prints: who it goes to, who sends it, which swap, what is inside. */
export interface PackingSlip {
  recipient: ShippingAddress;
  senderName: string;
  /** The swap's short reference (common/domain/trade-reference.ts). */
  reference: string;
  /** 'trade' or 'ring leg' wording. */
  kind: 'trade' | 'ring';
  /** Every item in the parcel (a bundle lists each). */
  items: string[];
  /** The swap's page, also drawn as a QR code. */
  link: string;
  /** Localized labels. */
  labels: {
    title: string;
    shipTo: string;
    from: string;
    reference: string;
    contents: string;
    scan: string;
    country: string;
  };
}

// The bytes pdfkit's standard fonts (WinAnsiEncoding) can draw beyond Latin-1: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹
// Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// Latin letters whose base letter no Unicode decomposition gives.
const LATIN_BASE: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŀ: 'L',
  ŀ: 'l',
};

/**
 * Text as the standard PDF fonts can draw it: characters outside Windows-1252 lose their accents
 * when that is enough (ő → o), otherwise become "?" (Greek, Cyrillic, CJK, emoji). The standard
 * fonts would otherwise print unreadable glyphs; a slip in another script is still readable through
 * its QR code, which opens the swap's page with the address as written.
 */
export function toWinAnsi(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      out += char;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const base = (LATIN_BASE[char] ?? char).normalize('NFD').replace(/\p{M}+/gu, '');
    out += base.length > 0 && [...base].every((c) => (c.codePointAt(0) as number) < 0x7f) ? base : '?';
  }
  return out;
}

/** The country's English name for the address block ("FR" → "France"). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Renders the slip as an A4 PDF with pdfkit's standard Helvetica; resolves with its bytes. */
export async function renderPackingSlip(slip: PackingSlip): Promise<Buffer> {
  const qr = await QRCode.toBuffer(slip.link, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: toWinAnsi(`${slip.labels.title} ${slip.reference}`), Producer: 'Threadswap' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = (value: string, options?: PDFKit.Mixins.TextOptions) => doc.text(toWinAnsi(value), options);
  const { recipient: to, labels } = slip;

  doc.font('Helvetica-Bold').fontSize(20);
  write(labels.title);
  doc.font('Helvetica').fontSize(11).fillColor('#444444');
  write(`${labels.reference}: ${slip.reference}`);
  doc.moveDown(1.5);

  const top = doc.y;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(12);
  write(labels.shipTo.toUpperCase(), { width: 300 });
  doc.font('Helvetica').fontSize(16).moveDown(0.3);
  for (const line of [
    to.name,
    to.line1,
    to.line2,
    `${to.postcode} ${to.city}`,
    countryName(to.country).toUpperCase(),
    to.phone,
  ]) {
    if (line) write(line, { width: 300 });
  }
  doc.image(qr, 400, top, { width: 130 });
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(toWinAnsi(labels.scan), 400, top + 136, { width: 130, align: 'center' });

  doc.x = 56;
  doc.y = Math.max(doc.y, top + 190);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(12);
  write(labels.from.toUpperCase());
  doc.font('Helvetica').fontSize(12);
  write(slip.senderName);
  doc.moveDown(1.2);

  doc.font('Helvetica-Bold').fontSize(12);
  write(labels.contents.toUpperCase());
  doc.font('Helvetica').fontSize(12);
  slip.items.forEach((title, index) => write(`${index + 1}. ${title}`));
  doc.moveDown(1.2);
  doc.fontSize(9).fillColor('#444444');
  write(slip.link);
  doc.end();
  return done;
}
