import type { App } from '../../common/types';
import type { CodeData } from '../../grading/code-kind';
import { isNativeLanguage } from '../../grading/native';
import type { TestOutcome } from '../../grading/sandbox/pool';
import { ApiError } from '../../plugins/errors';

/**
 * Grades a code task's solution in its language's sandbox (QuickJS for JavaScript and TypeScript, the
 * native graders for Java, Go, Python and SQL): one outcome per test. A sandbox that fails fails every
 * test with its reason; a busy one (a 429 or 503) is thrown: nothing was graded.
 */
export async function gradeCode(app: App, data: CodeData, solution: string, owner: number): Promise<TestOutcome[]> {
  const { tests, language } = data;
  try {
    return isNativeLanguage(language)
      ? await app.graders.run(solution, { language, tests, schema: data.schema, orderMatters: data.orderMatters }, owner)
      : await app.sandbox.run(solution, language, tests, owner);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const text = error instanceof Error ? error.message : 'The sandbox failed';
    return tests.map((test) => ({ name: test.name, passed: false, expected: test.expected, actual: null, error: text }));
  }
}
