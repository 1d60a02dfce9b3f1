/** Escapes LIKE wildcards so that user text matches literally inside `%...%`. */
export function likeContains(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
