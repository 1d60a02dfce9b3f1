import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import {
  CLASS_GROUPS_FILE,
  classCandidates,
  classGroupsFileText,
  classGroupsInUse,
} from '../../../scripts/class-groups';
import { readFileSync } from 'node:fs';
import { CLASS_GROUPS_IN_USE } from './class-groups-in-use';
import { keepClassGroups, mergeClasses } from './class-merge';
import { cn } from './utils';

describe('cn() merges with the class groups the client uses', () => {
  const words = classCandidates();

  it('the list of groups follows the source (npx tsx scripts/class-groups.ts --write)', () => {
    const groups = classGroupsInUse(words);
    expect(readFileSync(CLASS_GROUPS_FILE, 'utf8')).toBe(classGroupsFileText(groups));
    // Far fewer than all of them: the point of the list.
    expect(groups.length).toBeLessThan(Object.keys(getDefaultConfig().classGroups).length / 2);
  });

  it('merges every pair of the source’s classes as the whole of tailwind-merge does', () => {
    const list = [...words];
    const mismatches: string[] = [];
    // Each class against each of a spread of others, both orders, with a variant too.
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 101) {
        for (const pair of [
          `${list[i]} ${list[j]}`,
          `${list[j]} ${list[i]}`,
          `sm:${list[i]} sm:${list[j]}`,
        ]) {
          if (mergeClasses(pair) !== twMerge(pair)) mismatches.push(pair);
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it('a later utility overrides an earlier one of its group, and conflicting groups too', () => {
    expect(cn('inline-flex h-9 px-4 py-2', 'hidden h-7 px-1.5')).toBe('py-2 hidden h-7 px-1.5');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-primary', 'text-xs', false, undefined)).toBe('text-primary text-xs');
    expect(cn('rounded-xl', { 'rounded-none': true })).toBe('rounded-none');
  });

  it('a class of a group left out is kept, not dropped', () => {
    const merge = keepClassGroups(getDefaultConfig(), new Set(['px']));
    expect(Object.keys(merge.classGroups)).toEqual(['px']);
    expect(CLASS_GROUPS_IN_USE).not.toContain('columns');
    expect(mergeClasses('columns-2 columns-3')).toBe('columns-2 columns-3');
  });
});
