/**
 * The checks behind src/client/i18n/catalogues.test.ts, also runnable by hand while converting a
 * folder: `npx tsx scripts/i18n-check.ts src/client/features/items` lists what is left there.
 *
 * - parity: English and French have the same namespaces, the same keys (plural forms aside), no
 *   empty texts, and the same {{placeholders}} in each text, in the client's catalogues
 *   (src/common/i18n/locales) and in the server's, for emails and notifications (src/server/i18n/locales);
 * - keys: every t('key') / t('ns:key') / <Trans i18nKey> in the client names a key of the English
 *   catalogue (a template key like `footer.links.${key}` needs at least one key under its prefix);
 * - literals: no user-visible text is written in a component: JSX text with letters, letters in
 *   visible attributes (title, placeholder, alt, aria-label, label, …) and in properties such as
 *   label/title/description/errorTitle. A deliberate exception carries `i18n-ignore` in a comment
 *   on its line or the line before.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const CLIENT = join(ROOT, 'src/client');
const LOCALES_DIR = join(ROOT, 'src/common/i18n/locales');
/** The server's texts (emails, notifications): never shipped to browsers. */
const SERVER_LOCALES_DIR = join(ROOT, 'src/server/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** HTML elements without content: <Trans> (html-parse-stringify) cannot wrap text in them. */
const VOID_TAG = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/i;
const LETTERS = /\p{L}{2,}/u;
/** Words that are the same in every language: the product's name. */
const SAME_EVERYWHERE = new Set(['Threadswap']);

const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'label',
  'description',
  'heading',
  'subtitle',
  'message',
  'emptyText',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'actionLabel',
  'tooltip',
]);
const VISIBLE_PROPERTIES = new Set([
  'label',
  'title',
  'description',
  'placeholder',
  'message',
  'heading',
  'subtitle',
  'errorTitle',
  'errorDescription',
  'successTitle',
  'successDescription',
  'emptyText',
  'emptyMessage',
  'confirmLabel',
  'ariaLabel',
  'tooltip',
  'hint',
  'question',
  'answer',
  'body',
  'text',
  'cta',
]);

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Flat) {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix, String(value));
}

/** The catalogues under `root` (default: the client's), flattened: `{ language: { namespace: keys } }`. */
export function loadCatalogues(root: string = LOCALES_DIR): Record<string, Record<string, Flat>> {
  const result: Record<string, Record<string, Flat>> = {};
  for (const locale of readdirSync(root)) {
    const dir = join(root, locale);
    if (!statSync(dir).isDirectory()) continue;
    result[locale] = {};
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const flat: Flat = new Map();
      flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')), '', flat);
      result[locale][file.slice(0, -'.json'.length)] = flat;
    }
  }
  return result;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const baseKeys = (flat: Flat) => new Set([...flat.keys()].map((key) => key.replace(PLURAL, '')));

/** Problems between the English and French catalogues, the client's and the server's. */
export function parityProblems(): string[] {
  return [
    ...catalogueParity(loadCatalogues(LOCALES_DIR), ''),
    ...catalogueParity(loadCatalogues(SERVER_LOCALES_DIR), 'server '),
  ];
}

/** Problems between one root's English and French catalogues; `label` says whose they are. */
function catalogueParity(all: Record<string, Record<string, Flat>>, label: string): string[] {
  const en = all.en ?? {};
  const fr = all.fr ?? {};
  const problems: string[] = [];
  for (const ns of new Set([...Object.keys(en), ...Object.keys(fr)])) {
    const a = en[ns];
    const b = fr[ns];
    if (!a || !b) {
      problems.push(`${label}namespace ${ns} is missing in ${a ? 'fr' : 'en'}`);
      continue;
    }
    const aKeys = baseKeys(a);
    const bKeys = baseKeys(b);
    for (const key of aKeys) if (!bKeys.has(key)) problems.push(`${label}fr is missing ${ns}:${key}`);
    for (const key of bKeys) if (!aKeys.has(key)) problems.push(`${label}en is missing ${ns}:${key}`);
    for (const [locale, flat] of [
      ['en', a],
      ['fr', b],
    ] as const) {
      for (const [key, text] of flat) {
        if (text.trim() === '') problems.push(`${label}${locale} ${ns}:${key} is empty`);
        const voidTag = VOID_TAG.exec(text)?.[1];
        if (voidTag) {
          problems.push(
            `${label}${locale} ${ns}:${key} marks text with <${voidTag}>, an empty HTML element: <Trans> drops what it holds`,
          );
        }
      }
    }
    for (const [key, text] of a) {
      const other = b.get(key) ?? b.get(key.replace(PLURAL, '_other'));
      if (other === undefined) continue;
      const want = placeholders(text).filter((name) => name !== 'count');
      const got = placeholders(other).filter((name) => name !== 'count');
      if (JSON.stringify([...new Set(want)]) !== JSON.stringify([...new Set(got)])) {
        problems.push(
          `${label}${ns}:${key} has {{${want.join(', ')}}} in en but {{${got.join(', ')}}} in fr`,
        );
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // Tests and their fixtures (test-support/) show nothing to members.
      if (name !== 'test-support') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes('i18n-ignore'));
}

function hasText(value: string): boolean {
  const stripped = value.replace(/\bThreadswap\b/g, '');
  return LETTERS.test(stripped) && !SAME_EVERYWHERE.has(value.trim());
}

/** `'key'`, or the static start of `` `prefix.${x}` `` marked with a trailing '*'. */
function keyOf(node: ts.Expression | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return `${node.head.text}*`;
  return null;
}

export interface FileReport {
  file: string;
  literals: string[];
  missingKeys: string[];
}

/** Literal texts and unknown keys in the client files under `scope` (default: the whole client). */
export function scanClient(scope: string = CLIENT): FileReport[] {
  const catalogues = loadCatalogues().en ?? {};
  const has = (ns: string, key: string) => {
    const flat = catalogues[ns];
    if (!flat) return false;
    if (key.endsWith('*')) {
      const prefix = key.slice(0, -1);
      return [...flat.keys()].some((k) => k.startsWith(prefix));
    }
    return flat.has(key) || [...flat.keys()].some((k) => k.replace(PLURAL, '') === key);
  };
  const reports: FileReport[] = [];
  const root = scope.startsWith('/') ? scope : join(ROOT, scope);
  const files = statSync(root).isDirectory() ? sourceFiles(root) : [root];
  for (const path of files) {
    if (path.startsWith(join(CLIENT, 'i18n'))) continue;
    const text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const namespaces = new Set<string>();
    const keys: { key: string; node: ts.Node }[] = [];
    const literals: string[] = [];
    const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const literal = (node: ts.Node, value: string) => {
      if (!ignored(source, node)) literals.push(`${at(node)}: ${JSON.stringify(value.trim().slice(0, 60))}`);
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        if (name === 'useTranslation' || name === 'getFixedT') {
          const [first] = node.arguments;
          const nsArg = name === 'getFixedT' ? node.arguments[1] : first;
          if (nsArg && (ts.isStringLiteral(nsArg) || ts.isNoSubstitutionTemplateLiteral(nsArg)))
            namespaces.add(nsArg.text);
          if (nsArg && ts.isArrayLiteralExpression(nsArg)) {
            for (const element of nsArg.elements)
              if (ts.isStringLiteral(element)) namespaces.add(element.text);
          }
        } else if (name === 't') {
          const key = keyOf(node.arguments[0]);
          if (key !== null) keys.push({ key, node });
        }
      }
      if (ts.isJsxAttribute(node)) {
        const attribute = node.name.getText(source);
        if (attribute === 'i18nKey' && node.initializer && ts.isStringLiteral(node.initializer)) {
          keys.push({ key: node.initializer.text, node });
        } else if (attribute === 'ns' && node.initializer && ts.isStringLiteral(node.initializer)) {
          namespaces.add(node.initializer.text);
        } else if (VISIBLE_ATTRIBUTES.has(attribute) && node.initializer) {
          const init = node.initializer;
          if (ts.isStringLiteral(init) && hasText(init.text)) literal(init, init.text);
          if (ts.isJsxExpression(init) && init.expression) {
            const e = init.expression;
            if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasText(e.text))
              literal(e, e.text);
            if (
              ts.isTemplateExpression(e) &&
              hasText(e.head.text + e.templateSpans.map((s) => s.literal.text).join(' '))
            )
              literal(e, e.getText(source));
          }
        }
      }
      if (ts.isJsxText(node) && hasText(node.text)) literal(node, node.text);
      if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
        const e = node.expression;
        const strings: ts.Node[] = [];
        const collect = (n: ts.Node) => {
          if (ts.isCallExpression(n)) return;
          if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && hasText(n.text))
            strings.push(n);
          else if (
            ts.isTemplateExpression(n) &&
            hasText(n.head.text + n.templateSpans.map((s) => s.literal.text).join(' '))
          )
            strings.push(n);
          else if (
            ts.isConditionalExpression(n) ||
            ts.isBinaryExpression(n) ||
            ts.isParenthesizedExpression(n)
          )
            n.forEachChild(collect);
        };
        collect(e);
        for (const s of strings) literal(s, s.getText(source));
      }
      if (
        ts.isPropertyAssignment(node) &&
        VISIBLE_PROPERTIES.has(node.name.getText(source).replace(/['"]/g, ''))
      ) {
        const init = node.initializer;
        if ((ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) && hasText(init.text))
          literal(init, init.text);
        if (
          ts.isTemplateExpression(init) &&
          hasText(init.head.text + init.templateSpans.map((s) => s.literal.text).join(' '))
        )
          literal(init, init.getText(source));
      }
      node.forEachChild(visit);
    };
    visit(source);
    const missingKeys: string[] = [];
    for (const { key, node } of keys) {
      const split = key.indexOf(':');
      const found =
        split > 0
          ? has(key.slice(0, split), key.slice(split + 1))
          : [...namespaces].some((ns) => has(ns, key));
      if (!found)
        missingKeys.push(
          `${at(node)}: ${key}${split > 0 || namespaces.size ? '' : ' (no namespace: call useTranslation(ns) or write ns:key)'}`,
        );
    }
    if (literals.length || missingKeys.length)
      reports.push({ file: relative(ROOT, path), literals, missingKeys });
  }
  return reports;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const reports = scanClient(process.argv[2]);
  for (const report of reports) {
    console.log(`\n${report.file}`);
    for (const line of report.missingKeys) console.log(`  missing key ${line}`);
    for (const line of report.literals) console.log(`  literal ${line}`);
  }
  const problems = parityProblems();
  for (const problem of problems) console.log(`parity: ${problem}`);
  const literalCount = reports.reduce((n, r) => n + r.literals.length, 0);
  const keyCount = reports.reduce((n, r) => n + r.missingKeys.length, 0);
  console.log(
    `\n${reports.length} files: ${literalCount} literal texts, ${keyCount} unknown keys; ${problems.length} parity problems`,
  );
}
