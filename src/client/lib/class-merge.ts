import { type Config as MergeConfig, createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS_IN_USE } from './class-groups-in-use';

type Config = MergeConfig<string, string>;

type Groups = Partial<Record<string, readonly unknown[]>>;

/** The entries of `groups` whose group is in `keep`. */
function keptEntries(groups: Groups, keep: ReadonlySet<string>) {
  return Object.entries(groups).flatMap(([group, value]) =>
    value && keep.has(group) ? [{ group, value }] : [],
  );
}

/** `config` with only the class groups in `keep`, and their conflicts among themselves. */
export function keepClassGroups(config: Config, keep: ReadonlySet<string>): Config {
  const conflicts = (groups: Partial<Record<string, readonly string[]>>) =>
    Object.fromEntries(
      keptEntries(groups, keep).map(({ group, value }) => [
        group,
        (value as readonly string[]).filter((other) => keep.has(other)),
      ]),
    );
  return {
    ...config,
    classGroups: Object.fromEntries(
      keptEntries(config.classGroups, keep).map(({ group, value }) => [group, value]),
    ),
    conflictingClassGroups: conflicts(config.conflictingClassGroups),
    conflictingClassGroupModifiers: conflicts(config.conflictingClassGroupModifiers),
  } as Config;
}

/**
 * tailwind-merge knowing only the class groups the client uses (scripts/class-groups.ts): its
 * tables, built on the first call, take a fifth of the time the whole of Tailwind's take, which
 * was a long task in the middle of every page's first render on a phone.
 */
export const mergeClasses = createTailwindMerge(() =>
  keepClassGroups(getDefaultConfig(), new Set(CLASS_GROUPS_IN_USE)),
);
