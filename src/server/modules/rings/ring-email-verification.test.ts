import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED } from '../../../common/api/auth';
import { buildItem } from '../../test-support/builders';
import { answerRing, ringsOf } from '../../test-support/rings';
import { testConfig, useTestApp } from '../../test-support/test-app';

const t = useTestApp({ config: { mail: { ...testConfig.mail, requireEmailVerification: true } } });

describe('REQUIRE_EMAIL_VERIFICATION and swap rings', () => {
  it('accepting a proposal needs a verified email, with the trade requests’ message; declining does not', async () => {
    const ana = await t.member({ firstName: 'Ana', verified: false });
    const ben = await t.member({ firstName: 'Ben' });
    await buildItem(t, ana, { title: 'Coat', category: 'clothing', estimatedValue: 5000 });
    await buildItem(t, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5000 });
    await ana.post('/api/swap-rules', { category: 'shoes' });
    await ben.post('/api/swap-rules', { category: 'clothing' });
    const [ring] = await ringsOf(ana);
    if (!ring) throw new Error('no ring was proposed');

    const refused = await answerRing(ana, ring, 'accepted');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EMAIL_NOT_VERIFIED);
    expect((await ringsOf(ana))[0]?.legs.some((leg) => leg.accepted)).toBe(false);
    expect((await answerRing(ben, ring, 'accepted')).statusCode).toBe(200);
    expect((await answerRing(ana, ring, 'declined')).json().status).toBe('declined');
  });
});
