import { describe, expect, it } from 'vitest';
import { isHighConfidence, matchReasons, ringSteps, scoreBand, scorePercent } from './match-display';
import { DEFAULT_MATCH_REASON } from './matching';

describe('smart match score', () => {
  it('is the rounded percentage of overallScore, within 0..100', () => {
    expect(scorePercent(0.795)).toBe(80);
    expect(scorePercent(0.123)).toBe(12);
    expect(scorePercent(1.2)).toBe(100);
    expect(scorePercent(-0.1)).toBe(0);
    expect(scorePercent(Number.NaN)).toBe(0);
  });

  it('falls in the colour bands', () => {
    expect(scoreBand(100)).toBe('green');
    expect(scoreBand(80)).toBe('green');
    expect(scoreBand(79)).toBe('blue');
    expect(scoreBand(60)).toBe('blue');
    expect(scoreBand(59)).toBe('yellow');
    expect(scoreBand(40)).toBe('yellow');
    expect(scoreBand(39)).toBe('gray');
    expect(scoreBand(0)).toBe('gray');
  });
});

describe('matchReasons', () => {
  it('keeps the reasons given, or the default reason when there are none', () => {
    expect(matchReasons([{ code: 'sameCategory' }])).toEqual([{ code: 'sameCategory' }]);
    expect(matchReasons([])).toEqual([DEFAULT_MATCH_REASON]);
    expect(DEFAULT_MATCH_REASON).toEqual({ code: 'default' });
  });
});

describe('isHighConfidence', () => {
  it('is true only above 0.8', () => {
    expect(isHighConfidence(0.81)).toBe(true);
    expect(isHighConfidence(0.8)).toBe(false);
    expect(isHighConfidence(0.2)).toBe(false);
  });
});

describe('ringSteps', () => {
  it('writes each member giving to the next, the last to the first, from the viewer side', () => {
    const ring = [
      { userId: 'me', firstName: 'Maya', gives: { id: '1', title: 'Red Scarf' } },
      { userId: 'c', firstName: 'Cara', gives: { id: '2', title: 'Blue Jeans' } },
      { userId: 'b', firstName: 'Ben', gives: { id: '3', title: 'Boots' } },
    ];
    expect(ringSteps(ring, 'me')).toEqual([
      { giver: 'You', title: 'Red Scarf', receiver: 'Cara' },
      { giver: 'Cara', title: 'Blue Jeans', receiver: 'Ben' },
      { giver: 'Ben', title: 'Boots', receiver: 'you' },
    ]);
  });

  it('has no steps for a ring of fewer than two members', () => {
    expect(ringSteps([{ userId: 'me', firstName: 'M', gives: { id: '1', title: 'x' } }], 'me')).toEqual([]);
  });
});
