import { describe, expect, it } from 'vitest';
import { CARRIER_IDS, TRACKING_NUMBER_PATTERN, trackingUrl } from './carriers';

describe('carriers', () => {
  it('links every carrier but Other to its tracking page, number encoded and without spaces', () => {
    for (const carrier of CARRIER_IDS) {
      const url = trackingUrl(carrier, 'AB 12-34');
      if (carrier === 'other') expect(url).toBeNull();
      else expect(url).toMatch(/^https:\/\/[^ ]+AB12-34/);
    }
  });

  it('accepts 4 to 40 letters, digits, spaces and hyphens only', () => {
    expect(TRACKING_NUMBER_PATTERN.test('1Z999AA10123456784')).toBe(true);
    expect(TRACKING_NUMBER_PATTERN.test('abc')).toBe(false);
    expect(TRACKING_NUMBER_PATTERN.test('ABCD/1234')).toBe(false);
    expect(TRACKING_NUMBER_PATTERN.test('A'.repeat(41))).toBe(false);
  });
});
