import type { CodeLanguage, CodeTestOutcome } from '@academy/shared/contract';

/** Where the compiler or the parser stopped in the student's code: a line from 1, a column from 1 when it says one. */
export interface ErrorPlace {
  line: number;
  column: number | null;
}

/**
 * The place an error names, as each language's tools write it: the JavaScript and TypeScript parsers
 * "(3:0)" (a column from 0), javac "Solution.java:3: error", Go "solution.go:3:5:", Python
 * 'File "…", line 3' and PostgreSQL "LINE 3:". Null when it names none (a runtime error of a test).
 */
export function errorPlace(error: string, language: CodeLanguage | null | undefined): ErrorPlace | null {
  const found = (line: string | undefined, column?: string, fromZero = false): ErrorPlace | null => {
    const row = Number(line);
    if (!Number.isInteger(row) || row < 1) return null;
    const col = column === undefined ? null : Number(column) + (fromZero ? 1 : 0);
    return { line: row, column: col !== null && Number.isInteger(col) && col >= 1 ? col : null };
  };
  let match: RegExpExecArray | null;
  switch (language) {
    case 'java':
      match = /\.java:(\d+): error/.exec(error);
      return match ? found(match[1]) : null;
    case 'go':
      match = /\.go:(\d+):(\d+):/.exec(error);
      return match ? found(match[1], match[2]) : null;
    case 'python':
      match = /line (\d+)/.exec(error);
      return match ? found(match[1]) : null;
    case 'sql':
      match = /LINE (\d+):/.exec(error);
      return match ? found(match[1]) : null;
    default:
      match = /^Syntax error: .*\((\d+):(\d+)\)\s*$/.exec(error);
      return match ? found(match[1], match[2], true) : null;
  }
}

/** The place of the first error of some outcomes that names one: a compiler's, or a syntax error every test met. */
export function outcomesErrorPlace(
  outcomes: CodeTestOutcome[] | null | undefined,
  language: CodeLanguage | null | undefined,
): ErrorPlace | null {
  for (const outcome of outcomes ?? []) {
    if (outcome.passed || typeof outcome.error !== 'string') continue;
    if (outcome.stage !== 'compile' && !outcome.error.startsWith('Syntax error')) continue;
    const place = errorPlace(outcome.error, language);
    if (place) return place;
  }
  return null;
}
