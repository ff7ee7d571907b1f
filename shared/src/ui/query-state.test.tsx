import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nProvider } from '@academy/shared/i18n';
import { QueryState, type QueryStateProps } from './query-state';

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

function show(props: Partial<QueryStateProps<string[]>> & { query: QueryStateProps<string[]>['query'] }) {
  const ui = (node: ReactNode) => <I18nProvider initial="ru">{node}</I18nProvider>;
  const view = render(ui(<QueryState {...props}>{list}</QueryState>));
  return { ...view, rerender: (next: typeof props) => view.rerender(ui(<QueryState {...next}>{list}</QueryState>)) };
}

describe('QueryState', () => {
  it('shows the skeleton until the data comes, then the data', () => {
    const { rerender } = show({ query: { isError: false }, skeleton: <p role="status">wait</p> });
    expect(screen.getByRole('status')).toHaveTextContent('wait');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender({ query: { data: ['a', 'b'], isError: false }, skeleton: <p role="status">wait</p> });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('tells the server’s text of a failure, or the common one when it has none, or the page’s own', () => {
    const { rerender } = show({ query: { isError: true, error: { status: 500, text: 'База недоступна' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('База недоступна');
    rerender({ query: { isError: true, error: { status: 'FETCH_ERROR', text: '' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('Неизвестная ошибка сервера');
    rerender({ query: { isError: true, error: { status: 500, text: 'База недоступна' } }, error: 'Не удалось загрузить' });
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks again with the retry button', async () => {
    const user = userEvent.setup();
    const refetch = jest.fn();
    show({ query: { isError: true, error: { status: 500, text: 'x' }, refetch }, retry: true });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps data already shown after a failed refresh', () => {
    show({ query: { data: ['a'], isError: true, error: { status: 500, text: 'x' } } });
    expect(screen.getByRole('listitem')).toHaveTextContent('a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state for an empty array, or for what isEmpty calls empty', () => {
    const { rerender } = show({ query: { data: [], isError: false }, empty: <p>Пусто</p> });
    expect(screen.getByText('Пусто')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender({ query: { data: ['a'], isError: false }, empty: <p>Пусто</p>, isEmpty: (data) => data[0] === 'a' });
    expect(screen.getByText('Пусто')).toBeInTheDocument();
    rerender({ query: { data: ['b'], isError: false }, empty: <p>Пусто</p>, isEmpty: (data) => data[0] === 'a' });
    expect(screen.getByRole('listitem')).toHaveTextContent('b');
  });

  it('gives an empty array to the children when the page has no empty state', () => {
    show({ query: { data: [], isError: false } });
    expect(screen.getByRole('list')).toBeEmptyDOMElement();
  });
});
