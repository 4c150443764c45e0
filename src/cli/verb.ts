import type { ParseArgsConfig } from 'node:util';
import type { VerbReport } from './findings';

export type VerbOptions = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** One `mcp-meta <verb>`: its options for `util.parseArgs`, its help, and a run that returns a report (never prints). */
export interface Verb {
  readonly name: string;
  /** Full help text, printed by `mcp-meta <verb> --help`. */
  readonly help: string;
  readonly options: VerbOptions;
  /** Most positionals the verb takes. */
  readonly maxPositionals: number;
  run(values: OptionValues, positionals: string[], cwd: string): VerbReport;
}

export const FORMAT_HELP =
  '  --format text|json|github|sarif  output format (default text; github prints workflow annotations, sarif a SARIF 2.1.0 log)';
