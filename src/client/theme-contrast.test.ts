import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@common/domain/colour-contrast';

function source(path: string): string {
  return readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
}

/** The theme's colour variables (index.css), by name without the --color- prefix. */
function themeColours(): Map<string, string> {
  const colours = new Map<string, string>();
  for (const match of source('./index.css').matchAll(/--color-([\w-]+):\s*(oklch\([^)]*\))/g)) {
    colours.set(match[1] ?? '', match[2] ?? '');
  }
  return colours;
}

function contrastOf(text: string, background: string): number {
  const colours = themeColours();
  const [foreground, behind] = [colours.get(text), colours.get(background)];
  if (!foreground || !behind) throw new Error(`no theme colour ${foreground ? background : text}`);
  return contrastRatio(foreground, behind);
}

describe('unread counts are readable (WCAG 4.5:1, issue 37)', () => {
  it('computes WCAG contrast from oklch colours', () => {
    expect(contrastRatio('oklch(1 0 0)', 'oklch(0 0 0)')).toBeCloseTo(21, 1);
    expect(contrastRatio('oklch(0.6 0 0)', 'oklch(0.6 0 0)')).toBe(1);
  });

  it('the header badge on messages and notifications', () => {
    const badge = source('./components/ui/count-badge.tsx');
    expect(badge).toContain('bg-badge');
    expect(badge).toContain('text-badge-foreground');
    expect(contrastOf('badge-foreground', 'badge')).toBeGreaterThanOrEqual(4.5);
  });

  it("the inbox's per-conversation count and unread total", () => {
    const list = source('./features/chat/components/conversation-list.tsx');
    expect(list).toMatch(/bg-primary [^"]*text-primary-foreground/);
    expect(contrastOf('primary-foreground', 'primary')).toBeGreaterThanOrEqual(4.5);
    expect(source('./features/chat/components/messages-inbox.tsx')).toContain('text-muted-foreground');
    expect(contrastOf('muted-foreground', 'background')).toBeGreaterThanOrEqual(4.5);
  });
});
