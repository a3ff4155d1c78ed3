/**
 * The steps a request waits at are stored as one text of their names (bpm_instance.currentNodes,
 * the `nodeName` of 我发起的, getBizInstance). Each name is a language-pack key (the demo
 * processes', locales/parts/bpm-names.*.json) or what the process's author typed, so a screen
 * splits the text and reads each name on its own.
 */
const SEPARATOR = ',';

export function joinNodeNames(names: string[]): string {
  return names.join(SEPARATOR);
}

export function splitNodeNames(joined: string | null | undefined): string[] {
  return joined ? joined.split(SEPARATOR) : [];
}

/** The joined names as a reader reads them: each through `read` (key or text), joined by the reader's separator. */
export function readNodeNames(joined: string | null | undefined, read: (name: string) => string, separator: string): string {
  return splitNodeNames(joined).map(read).join(separator);
}
