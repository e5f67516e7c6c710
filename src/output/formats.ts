/** The output formats of `-o`: one list, for the flag's choices, the config check and the renderer. */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv', 'ids'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
