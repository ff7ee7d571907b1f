/** @jest-environment node */
import path from 'node:path';
import { ESLint } from 'eslint';

// The boundaries are ESLint rules; a later config block must not be able to switch one off unnoticed.
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'fatal');
}

describe('import boundaries (eslint.config.mjs)', () => {
  it.each([
    [
      'the contract importing an app',
      'shared/src/contract/x.ts',
      "import { routes } from '../../../shell/src/app';\nexport const x = routes;\n",
    ],
    [
      'a catalogue importing an app',
      'shared/src/i18n/ru.ts',
      "import { texts } from '../../../remote-student/src/i18n';\nexport const x = texts;\n",
    ],
    [
      'a remote importing another remote',
      'remote-student/src/x.ts',
      "import { useT } from '../../remote-mentor/src/i18n';\nexport const x = useT;\n",
    ],
    [
      'the tooling importing an app (a build or a renderer compiled into another app)',
      'tooling/x.ts',
      "import StudentApp from '../remote-student/src/app';\nexport const x = StudentApp;\n",
    ],
    [
      'a feature importing another feature',
      'remote-student/src/features/courses/x.ts',
      "import { TaskPage } from '../task/task-page';\nexport const x = TaskPage;\n",
    ],
    [
      'an area’s shared layer importing a feature',
      'remote-student/src/task-kinds/x.ts',
      "import { TaskPage } from '../features/task/task-page';\nexport const x = TaskPage;\n",
    ],
  ])('%s is an error', async (_what, file, code) => {
    expect(await ruleIds(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('a feature may use the area’s shared layers', async () => {
    const code = "import { taskKindEntry } from '../../task-kinds/registry';\nexport const x = taskKindEntry;\n";
    expect(await ruleIds('remote-student/src/features/courses/x.tsx', code)).not.toContain('import-x/no-restricted-paths');
  });
});
