import { REPORT_FORMATS, REPORT_TYPES } from '../../input/choices.js';
import type { FieldFlag } from '../../cmdkit/operation.js';

/** `--type` and `--format` of `reports export`: required, asked from their lists on a terminal. */
export const REPORT_EXPORT_FLAGS: FieldFlag[] = [
  { flags: '--type <type>', description: 'what the report covers', field: 'type', required: true, choices: REPORT_TYPES },
  { flags: '--format <format>', description: 'file format', field: 'format', required: true, choices: REPORT_FORMATS },
];
