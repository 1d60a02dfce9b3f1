/**
 * Which of tailwind-merge's class groups the client's source uses, for `cn()`'s merger
 * (src/client/lib/class-merge.ts), which builds its lookup tables for those groups only.
 *
 * tailwind-merge builds the tables for all of Tailwind's ~380 class groups on its first call, in
 * one piece: about 40 ms on a desktop's CPU, 150 ms or more on a phone's, a long task in the middle
 * of a page's first render. The client uses about 140 of them. A class of a group left out is
 * still kept, only not merged with another of its group, so the list must follow the source:
 * `src/client/lib/class-merge.test.ts` fails when it does not, and
 * `npx tsx scripts/class-groups.ts --write` writes it again.
 *
 * Every word of every string literal in src/client counts as a possible class (Tailwind itself
 * finds classes the same way), which may keep a group that is not needed, never drop one that is.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLASS_GROUPS_FILE = join(ROOT, 'src/client/lib/class-groups-in-use.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The words of the string literals of the client's source, without their variants (`sm:`, `hover:`). */
export function classCandidates(root = ROOT): Set<string> {
  const words = new Set<string>();
  for (const file of sourceFiles(join(root, 'src/client'))) {
    if (file === CLASS_GROUPS_FILE) continue;
    const text = readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of (literal[2] ?? '').split(/\s+/)) {
        const utility = word.replace(/^!/, '').split(':').pop()?.replace(/!$/, '') ?? '';
        if (utility && utility.length <= 80) words.add(utility);
      }
    }
  }
  return words;
}

/** The class groups, in tailwind-merge's order, that recognise at least one of `words`. */
export function classGroupsInUse(words: Iterable<string>): string[] {
  const config: Config<string, string> = getDefaultConfig();
  // Each word twice: a merger that knows the word's group keeps one of the two.
  const doubled = [...words].flatMap((word) => [word, word]).join(' ');
  return Object.keys(config.classGroups).filter((group) => {
    const merge = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: config.classGroups[group] ?? [] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
    return merge(doubled).length < doubled.length;
  });
}

export function classGroupsFileText(groups: readonly string[]): string {
  return [
    '/*',
    ' * Written by `npx tsx scripts/class-groups.ts --write`; do not edit. The tailwind-merge class groups',
    " * that the client's source uses (scripts/class-groups.ts says how they are found).",
    ' */',
    'export const CLASS_GROUPS_IN_USE: readonly string[] = [',
    ...groups.map((group) => `  '${group}',`),
    '];',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const groups = classGroupsInUse(classCandidates());
  if (process.argv.includes('--write')) {
    writeFileSync(CLASS_GROUPS_FILE, classGroupsFileText(groups));
    console.log(`${relative(ROOT, CLASS_GROUPS_FILE)}: ${groups.length} class groups`);
  } else {
    console.log(groups.join('\n'));
  }
}
