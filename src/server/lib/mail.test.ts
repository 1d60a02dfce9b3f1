/**
 * Members' text in emails (names, listing titles) is written literally: escaped in the HTML part,
 * as it is in the text part, whatever `$` sequences or markup it holds, and never as a subject line
 * break.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { listItem } from '../test-support/fixtures';
import { useTestApp } from '../test-support/test-app';
import { escapeHtml } from './html';
import { composeEmail } from './mail';

const t = useTestApp();
const HOSTILE = "A $` B $' C $& D $1 E $<x> </script><script>alert(1)</script> <!-- F";

describe('emails', () => {
  it('compose every part from members’ text literally, escaped in the HTML', () => {
    const { text, html } = composeEmail(
      {
        greeting: HOSTILE,
        paragraphs: [HOSTILE, HOSTILE],
        sections: [{ heading: HOSTILE, lines: [HOSTILE] }],
        action: { label: HOSTILE, url: 'https://threadswap.example/x?a=1&b=2' },
        footer: HOSTILE,
        unsubscribe: { label: HOSTILE, url: 'https://threadswap.example/u?token=t' },
      },
      'en',
    );
    // Greeting, two paragraphs, heading, line, button, footer and unsubscribe link.
    expect(text.split(HOSTILE)).toHaveLength(9);
    expect(html.split(escapeHtml(HOSTILE))).toHaveLength(9);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!--');
    expect(html).toContain('href="https://threadswap.example/x?a=1&amp;b=2"');
    expect(html.length).toBeLessThan(4_000);
  });

  it("carry a member's name and listing titles into a notification email as written", async () => {
    const owner = await t.member({ firstName: 'Olga' });
    const requester = await t.member({ firstName: 'Remy' });
    expect((await requester.patch('/api/users/profile', { firstName: "$`Remy$'$&" })).statusCode).toBe(200);
    const wanted = await listItem(owner, { title: 'Plain coat' });
    const offered = await listItem(requester, { title: HOSTILE });
    const sent = await requester.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
    });
    expect(sent.statusCode).toBe(201);
    await t.app.services.mailer.idle();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, owner.user?.email ?? ''));
    expect(mail?.text).toContain(`$\`Remy$'$& offers "${HOSTILE}"`);
    expect(mail?.html).toContain(escapeHtml(`$\`Remy$'$& offers "${HOSTILE}"`));
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.html.length).toBeLessThan(5_000);
  });
});
