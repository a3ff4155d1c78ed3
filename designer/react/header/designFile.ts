/** Saves text as a file the browser downloads (the export of a design). */
export function downloadText(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.json') ? fileName : `${fileName}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file's JSON; rejects with the parser's message when it is none. */
export async function readJsonFile(file: File): Promise<unknown> {
  return JSON.parse(await file.text()) as unknown;
}
