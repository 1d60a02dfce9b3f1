import { describe, expect, it } from 'vitest';
import { itemInput } from '../api/items';
import { preferencesInput } from '../api/users';
import { reportInput } from '../api/safety';
import { tradeRequestInput } from '../api/trades';
import { wishlistInput } from '../api/wishlist';
import {
  MAX_BIO_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_REPORT_DETAILS_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TRADE_MESSAGE_LENGTH,
} from './limits';

/** The contract accepts a text of exactly `max` characters and refuses one more. */
function boundary(parse: (text: string) => boolean, max: number): [boolean, boolean] {
  return [parse('x'.repeat(max)), parse('x'.repeat(max + 1))];
}

describe('the contract uses the shared limits', () => {
  it('for items and wishlist entries', () => {
    expect(boundary((text) => itemInput.shape.title.safeParse(text).success, MAX_TITLE_LENGTH)).toEqual([
      true,
      false,
    ]);
    expect(
      boundary((text) => itemInput.shape.description.safeParse(text).success, MAX_ITEM_DESCRIPTION_LENGTH),
    ).toEqual([true, false]);
    expect(
      boundary(
        (text) => wishlistInput.safeParse({ title: text, category: 'clothing' }).success,
        MAX_TITLE_LENGTH,
      ),
    ).toEqual([true, false]);
  });

  it('for trade messages, bios and report details', () => {
    expect(
      boundary((text) => tradeRequestInput.shape.message.safeParse(text).success, MAX_TRADE_MESSAGE_LENGTH),
    ).toEqual([true, false]);
    expect(boundary((text) => preferencesInput.safeParse({ bio: text }).success, MAX_BIO_LENGTH)).toEqual([
      true,
      false,
    ]);
    expect(
      boundary((text) => reportInput.shape.details.safeParse(text).success, MAX_REPORT_DETAILS_LENGTH),
    ).toEqual([true, false]);
  });
});
