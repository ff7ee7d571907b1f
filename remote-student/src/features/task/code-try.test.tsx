import { fireEvent, screen, within } from '@testing-library/react';
import { renderArea, studentWithOpenCourse } from './task-test-area';

// Issue 32, Run with a call of the student's own: typed beside Run in the task's language, run after the
// examples on the real server's sandbox, and shown with what it returned (or threw) and printed.
const output = () => screen.findByRole('region', { name: /^Запуск на примерах/ }, { timeout: 15_000 });

describe('a code task’s own call against the real server', () => {
  it('runs the call with the examples (Enter in the field, or Run) and shows its value, error and output', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/1/2`);
    // the task's body is a chunk loaded on first use; a change is not a reach for the editor: it stays
    // the plain text area, which jsdom can type in
    fireEvent.change(await screen.findByRole('textbox', { name: 'Код решения' }, { timeout: 15_000 }), {
      target: { value: 'function sum(a, b) {\n  console.log("складываю", a, b);\n  return a + b;\n}' },
    });
    const own = screen.getByRole('textbox', { name: 'Свой вызов' });
    expect(own).toHaveAccessibleDescription(/^Необязательно: выражение на языке задачи/);
    expect(own).toHaveAttribute('maxlength', '500');

    await user.type(own, 'sum("Привет, ", "Боб!"){Enter}');
    const tried = await output();
    expect(await within(tried).findByText('Ваш вызов: sum("Привет, ", "Боб!") → "Привет, Боб!"')).toBeInTheDocument();
    expect(within(tried).getByText('складываю Привет, Боб!')).toBeInTheDocument();
    // the examples are judged as without it: the call adds no test
    expect(within(tried).getByRole('heading')).toHaveTextContent('Пройдено примеров: 2 из 2');

    await user.clear(own);
    await user.type(own, 'sum(1, 2).x.y');
    await user.click(screen.getByRole('button', { name: 'Запустить' }));
    const failed = await output();
    expect(await within(failed).findByText(/^Ваш вызов: sum\(1, 2\)\.x\.y → ошибка: TypeError/)).toBeInTheDocument();
    // what it printed before it threw
    expect(within(failed).getByText('складываю 1 2')).toBeInTheDocument();
  });
});
