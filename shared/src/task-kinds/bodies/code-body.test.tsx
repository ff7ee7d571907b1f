import { screen, within } from '@testing-library/react';
import type { StudentTask } from '@academy/shared/contract';
import { renderWithProviders } from '@academy/shared/testing';
import { CodeBody } from './code-body';

const task = (over: Partial<StudentTask>): StudentTask =>
  ({
    courseTaskId: 7,
    studentTaskId: 70,
    taskId: 7,
    type: 'code',
    title: 'Сумма',
    description: '',
    taskPoints: 5,
    solved: false,
    resolved: false,
    lastActionIsRight: false,
    lastActionIsWrong: true,
    codeLang: 'java',
    placeholder: 'class Solution {}',
    answer: 'class Solution { int sum(int a, int b) { return a - b; } }',
    result: [{ name: 'sum(1, 2)', passed: false, expected: 3, actual: -1, hidden: false }],
    run: null,
    ...over,
  }) as StudentTask;

/** the terminal's line saying where the grading is */
const progressLine = () => within(screen.getByRole('region', { name: 'Результат проверки' })).getByRole('status');

const props = (t: StudentTask) => ({
  task: t,
  moduleId: 1,
  available: true,
  locked: false,
  readOnly: false,
  busy: false,
  error: null,
  onSubmit: jest.fn(),
  onCancel: jest.fn(),
});

describe('the code task while a grader checks the answer', () => {
  it('shows where the grading is (running test 3 of 7, two done) instead of the last result, and the check waits', () => {
    renderWithProviders(<CodeBody {...props(task({ run: { id: 1, status: 'running', test: 3, tests: 7 } }))} />);
    expect(progressLine()).toHaveTextContent('Выполняется тест 3 из 7…');
    const bar = screen.getByRole('progressbar', { name: 'Пройдено тестов' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '7');
    expect(screen.getByRole('button', { name: 'Проверяем…' })).toBeDisabled();
    // the previous answer's result is not shown as if it were this one's
    expect(screen.queryByText(/sum\(1, 2\)/)).not.toBeInTheDocument();
  });

  it.each([
    ['queued', 'Решение в очереди на проверку…'],
    ['compiling', 'Компилируем…'],
  ] as const)('a %s answer says so', (status, text) => {
    renderWithProviders(<CodeBody {...props(task({ run: { id: 1, status, test: null, tests: 7 } }))} />);
    expect(progressLine()).toHaveTextContent(text);
  });

  it('once graded: the terminal with the tests, and the check is free again', () => {
    renderWithProviders(<CodeBody {...props(task({}))} />);
    expect(within(screen.getByRole('region', { name: 'Результат проверки' })).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(/sum\(1, 2\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeEnabled();
  });
});

describe('the code task’s own call beside Run', () => {
  it.each([
    ['javascript', true],
    ['java', true],
    ['sql', false],
  ] as const)('%s: the field is there (%s) and its call goes with the code when Run is pressed', async (codeLang, shown) => {
    const onTry = jest.fn(async () => ({ error: 'Сервер недоступен' }));
    const { user } = renderWithProviders(<CodeBody {...props(task({ codeLang }))} onTry={onTry} />);
    const own = screen.queryByRole('textbox', { name: 'Свой вызов' });
    if (own) await user.type(own, 'Solution.sum(2, 3)');
    expect(Boolean(own)).toBe(shown);
    await user.click(screen.getByRole('button', { name: 'Запустить' }));
    expect(onTry).toHaveBeenCalledWith(task({}).answer, shown ? 'Solution.sum(2, 3)' : undefined);
  });

  it('is not there where the student may not run the code', () => {
    renderWithProviders(<CodeBody {...props(task({ codeLang: 'javascript' }))} />);
    expect(screen.queryByRole('textbox', { name: 'Свой вызов' })).not.toBeInTheDocument();
  });
});
