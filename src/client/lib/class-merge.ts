import { type Config as MergeConfig, createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS_IN_USE } from './class-groups-in-use';

type Config = MergeConfig<string, string>;

/** `config` with only the class groups in `keep`, and their conflicts among themselves. */
export function keepClassGroups(config: Config, keep: ReadonlySet<string>): Config {
  const kept = <T>(groups: Partial<Record<string, T>>) =>
    Object.entries(groups).filter(
      (entry): entry is [string, T] => keep.has(entry[0]) && entry[1] !== undefined,
    );
  const conflicts = (groups: Partial<Record<string, readonly string[]>>) =>
    Object.fromEntries(
      kept(groups).map(([group, others]) => [group, others.filter((other) => keep.has(other))]),
    );
  return {
    ...config,
    classGroups: Object.fromEntries(kept(config.classGroups)),
    conflictingClassGroups: conflicts(config.conflictingClassGroups),
    conflictingClassGroupModifiers: conflicts(config.conflictingClassGroupModifiers),
  };
}

/**
 * tailwind-merge knowing only the class groups the client uses (scripts/class-groups.ts): its
 * tables, built on the first call, take a fifth of the time the whole of Tailwind's take, which
 * was a long task in the middle of every page's first render on a phone.
 */
export const mergeClasses = createTailwindMerge(() =>
  keepClassGroups(getDefaultConfig(), new Set(CLASS_GROUPS_IN_USE)),
);
