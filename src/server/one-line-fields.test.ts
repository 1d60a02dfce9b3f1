/**
 * One-line fields (names, listing titles, brands, sizes, tags, locations, wishlist and saved-search
 * names, swap-rule values, tracking numbers) refuse line breaks, control characters and the
 * bidirectional overrides and isolates with a clear 400, and change nothing
 * (src/common/domain/unsafe-text.ts, applied in the contract's schemas). Text of several lines keeps
 * its line breaks, and emails never carry a line break in their subject.
 */
import { describe, expect, it } from 'vitest';
import { outbox } from './db/schema';
import { createMailer, queueMail } from './lib/mail';
import { listItem, requestTrade } from './test-support/fixtures';
import { type TestClient, testConfig, useTestApp } from './test-support/test-app';

const t = useTestApp();

/** What one-line fields refuse, each between ordinary letters. */
const REFUSED = {
  'CR/LF': 'a\r\nBcc: x@x.io',
  LF: 'a\nb',
  tab: 'a\tb',
  bell: 'a\u0007b',
  'C1 next line': 'a\u0085b',
  'line separator': 'a\u2028b',
  'right-to-left override': 'a\u202eexe.jpg',
  'left-to-right embedding': 'a\u202ab',
  'first-strong isolate': 'a\u2068b\u2069',
  'right-to-left isolate': 'a\u2067b',
  'zero-width space': 'Hu\u200bgo',
  'byte order mark': 'a\ufeffb',
};
const MESSAGE = /must not contain line breaks, control or invisible formatting characters/;

async function expectRefused(send: (value: string) => Promise<{ statusCode: number; json(): unknown }>) {
  for (const [what, value] of Object.entries(REFUSED)) {
    const response = await send(value);
    expect(response.statusCode, what).toBe(400);
    const body = response.json() as { message: string; issues?: Array<{ message: string }> };
    expect(body.issues?.[0]?.message ?? body.message, what).toMatch(MESSAGE);
  }
}

const me = async (member: TestClient) => (await member.get('/api/auth/user')).json();

describe('one-line fields', () => {
  it('names: registration and the profile', async () => {
    const registration = { firstName: 'Ana', lastName: 'Lopez', password: 'a-long-enough-passphrase' };
    let n = 0;
    for (const field of ['firstName', 'lastName'] as const) {
      await expectRefused((value) =>
        t.visitor().post('/api/auth/register', {
          ...registration,
          email: `ana-${(n += 1)}@example.com`,
          [field]: value,
        }),
      );
    }
    // No account was made.
    expect(
      (await t.visitor().post('/api/auth/login', { email: 'ana-1@example.com', password: 'x' })).statusCode,
    ).toBe(401);
    const member = await t.member({ firstName: 'Ana' });
    const before = await me(member);
    for (const field of ['firstName', 'lastName', 'location'] as const) {
      await expectRefused((value) =>
        member.patch('/api/users/profile', { firstName: 'Ana', [field]: value }),
      );
    }
    await expectRefused((value) =>
      member.patch('/api/users/preferences', { preferredSizes: { Tops: [value.slice(0, 10)] } }),
    );
    expect(await me(member)).toEqual(before);
  });

  it("a listing's title, brand, size, location and tags, and a draft's", async () => {
    const member = await t.member();
    const item = await listItem(member, { title: 'Linen shirt' });
    const before = (await member.get(`/api/items/${item.id}`)).json();
    for (const field of ['title', 'brand', 'size', 'location'] as const) {
      await expectRefused((value) => member.patch(`/api/items/${item.id}`, { [field]: value }));
      await expectRefused((value) => member.post('/api/drafts', { [field]: value }));
    }
    await expectRefused((value) => member.patch(`/api/items/${item.id}`, { tags: ['ok', value] }));
    expect((await member.get(`/api/items/${item.id}`)).json()).toEqual(before);
    expect((await member.get('/api/drafts')).json()).toEqual([]);
    expect((await member.get('/api/items?limit=100')).json()).toHaveLength(1);
  });

  it('wishlist entries, saved searches and swap rules', async () => {
    const member = await t.member();
    for (const field of ['title', 'brand', 'size', 'preferredBrand', 'preferredSize'] as const) {
      await expectRefused((value) =>
        member.post('/api/wishlist', { title: 'Boots', category: 'shoes', [field]: value }),
      );
    }
    await expectRefused((value) =>
      member.post('/api/wishlist', { title: 'Boots', category: 'shoes', tags: [value] }),
    );
    await expectRefused((value) =>
      member.post('/api/saved-searches', { name: value, query: 'search=boots' }),
    );
    for (const field of ['sizes', 'brands'] as const) {
      await expectRefused((value) => member.post('/api/swap-rules', { [field]: [value] }));
    }
    expect((await member.get('/api/wishlist')).json()).toEqual([]);
    expect((await member.get('/api/saved-searches')).json()).toEqual([]);
    expect((await member.get('/api/swap-rules')).json()).toMatchObject({ rules: [] });
  });

  it('tracking numbers', async () => {
    const owner = await t.member();
    const { id } = await requestTrade(owner, await t.member(), { accept: true });
    for (const value of Object.values(REFUSED)) {
      const response = await owner.post(`/api/trade-requests/${id}/shipment`, {
        carrier: 'dhl',
        trackingNumber: value,
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
    }
    const [trade] = (await owner.get('/api/trade-requests')).json() as Array<{ ownerShipment: unknown }>;
    expect(trade?.ownerShipment).toBeNull();
  });

  it('accept the direction marks, joiners and emoji that names and titles need', async () => {
    const member = await t.member();
    for (const firstName of ['\u200fנועה\u200e', 'مهر\u200cناز', '👩\u200d👩\u200d👧 Ana', 'Zoë']) {
      const response = await member.patch('/api/users/profile', { firstName });
      expect(response.statusCode, firstName).toBe(200);
      expect(response.json().firstName).toBe(firstName);
    }
    // A description keeps its lines.
    const item = await listItem(member, { description: 'Line one\nLine two\r\n\tIndented' });
    expect((await member.get(`/api/items/${item.id}`)).json().description).toBe(
      'Line one\nLine two\r\n\tIndented',
    );
  });
});

describe('email subjects', () => {
  it('never carry a line break or a bidirectional override, whatever text they are built from', async () => {
    const mailer = createMailer({
      config: testConfig.mail,
      db: t.db,
      log: { info() {}, warn() {}, error() {} },
    });
    await t.db.transaction((tx) =>
      queueMail(tx, [
        {
          kind: 'test',
          to: 'reader@example.com',
          subject: 'Unread messages from Eve\r\nBcc: everyone@example.com\u202e',
          text: 'text',
          html: '<p>html</p>',
        },
      ]),
    );
    await mailer.deliverDue();
    await mailer.close();
    const [row] = await t.db.select().from(outbox);
    expect(row?.subject).toBe('Unread messages from Eve Bcc: everyone@example.com ');
    expect(row?.subject).not.toMatch(/[\r\n\u202e]/);
  });
});
