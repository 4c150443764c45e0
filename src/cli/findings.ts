/**
 * What every verb hands back to `main`: findings (each one makes the run exit 1), informational notes, and verb data
 * for `--format json`. Verbs never print or exit themselves, so the three output formats stay in one place.
 */
import type { FindingCode } from './finding-codes';

export type FindingSeverity = 'error' | 'warning';

export interface Finding {
  severity: FindingSeverity;
  /** Stable machine id of the kind of finding (`key-not-written`, `field-removed`, `doc-stale`...); see finding-codes.ts. */
  code: FindingCode;
  message: string;
  /** Absolute path of the file the finding is about, when there is one. */
  file?: string;
  /** 1-based. */
  line?: number;
  column?: number;
  /** What to do about it. */
  fix?: string;
  /** Absolute path of the manifest the finding belongs to, when one run covers several (`check --all`). */
  manifest?: string;
}

export interface VerbReport {
  verb: string;
  findings: Finding[];
  /** Lines for people (`text`), `::notice` annotations (`github`), `notes` (`json`). Never change the exit code. */
  notes: string[];
  /** Extra, verb-specific data for `--format json` (the diff's change list, the rendered doc diff...). */
  data?: Record<string, unknown>;
  /** Text printed before the findings in `text` format only (a unified diff, a written path...). */
  textBody?: string;
}

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE_OR_IO = 2;

/**
 * A problem with how the command was called or with reading/writing files: exits 2, never 1, so that CI can tell
 * "the registry has findings" from "the tool could not do its job".
 */
export class CliError extends Error {
  constructor(
    message: string,
    /** Printed after the message: the usage line, or how to fix the call. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
