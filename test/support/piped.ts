// What a command printed to a pipe, as rows: one record a line, its columns tab-separated (the
// piped table format every list and bulk verb writes).
export function pipedRows(stdout: string): string[][] {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
}
