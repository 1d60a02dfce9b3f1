import { describe, expect, it } from 'vitest';
import { displayName, initials, lastInitial, publicName } from './display-name';

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('uses the first name alone when the last name is missing or blank', () => {
    expect(displayName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(displayName({ firstName: 'Ada', lastName: '  ' })).toBe('Ada');
  });

  it('falls back to the email local part', () => {
    expect(displayName({ firstName: '', lastName: null, email: 'swapper42@example.com' })).toBe('swapper42');
  });

  it('says Member when there is nothing to show', () => {
    expect(displayName({ firstName: null, lastName: null })).toBe('Member');
  });
});

describe('initials', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
  });

  it('uses one letter when there is only a first name', () => {
    expect(initials({ firstName: 'Grace', lastName: null })).toBe('G');
  });

  it('falls back to the email, then to a question mark', () => {
    expect(initials({ firstName: '', lastName: null, email: 'zoe@example.com' })).toBe('Z');
    expect(initials({ firstName: null, lastName: null })).toBe('?');
  });
});

describe('lastInitial and publicName', () => {
  it('keep the first character of the last name, upper-cased, as others see a member', () => {
    expect(lastInitial('schmidt')).toBe('S.');
    expect(lastInitial('  Öztürk ')).toBe('Ö.');
    expect(lastInitial('🦊 Fox')).toBe('🦊.');
    expect(lastInitial('')).toBeNull();
    expect(lastInitial(null)).toBeNull();
    expect(publicName({ firstName: 'Hugo', lastName: 'Schmidt' })).toBe('Hugo S.');
    // An answer that already carries the initial reads the same.
    expect(publicName({ firstName: 'Hugo', lastName: 'S.' })).toBe('Hugo S.');
    expect(displayName({ firstName: 'Hugo', lastName: 'S.' })).toBe('Hugo S.');
  });
});
