import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { usePrerenderedFrameHandoff, usePrerenderedHandoff } from './prerendered';

function putPrerendered(content: boolean) {
  document.body.insertAdjacentHTML(
    'afterbegin',
    `<div id="prerendered"${content ? ' data-content=""' : ''}><main>prerendered view</main></div>`,
  );
}

function Frame({ children }: { children?: React.ReactNode }) {
  usePrerenderedFrameHandoff();
  return <>{children}</>;
}

function Page({ ready }: { ready: boolean }) {
  usePrerenderedHandoff(ready);
  return <p>{ready ? 'page' : 'loading'}</p>;
}

const prerendered = () => screen.queryByText('prerendered view');

describe('handing a prerendered page over to the live one (issue 14)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a prerendered frame (header and skeleton) goes as soon as the live frame is mounted', () => {
    putPrerendered(false);
    render(<Frame />);
    expect(prerendered()).toBeNull();
  });

  it('a prerendered page with its content stays until the live page has its data', () => {
    putPrerendered(true);
    const { rerender } = render(
      <Frame>
        <Page ready={false} />
      </Frame>,
    );
    expect(prerendered()).not.toBeNull();
    rerender(
      <Frame>
        <Page ready />
      </Frame>,
    );
    expect(prerendered()).toBeNull();
  });

  it('a prerendered page with content whose live page never hands over goes after a few seconds', () => {
    putPrerendered(true);
    render(<Frame />);
    act(() => jest.advanceTimersByTime(3900));
    expect(prerendered()).not.toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(prerendered()).toBeNull();
  });
});

describe('what was typed into the prerendered page carries over (issue 14)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('the text, the focus and the selection go to the live field, which gets the change as typed', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="prerendered" data-content=""><textarea aria-label="prerendered code">let a = 1;</textarea></div><div id="root"></div>',
    );
    const copy = screen.getByRole('textbox', { name: 'prerendered code' }) as HTMLTextAreaElement;
    copy.value = 'let b = 22;';
    copy.focus();
    copy.setSelectionRange(4, 5);
    const changes: string[] = [];
    function Live() {
      const [code, setCode] = useState('let a = 1;');
      usePrerenderedHandoff(true);
      return (
        <textarea
          aria-label="live code"
          value={code}
          onChange={(event) => {
            changes.push(event.target.value);
            setCode(event.target.value);
          }}
        />
      );
    }
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    render(<Live />, { container: document.getElementById('root')! });
    const live = screen.getByRole('textbox', { name: 'live code' }) as HTMLTextAreaElement;
    expect(screen.queryByRole('textbox', { name: 'prerendered code' })).toBeNull();
    expect(changes).toEqual(['let b = 22;']);
    expect(live).toHaveValue('let b = 22;');
    expect(live).toHaveFocus();
    act(() => jest.runOnlyPendingTimers());
    expect([live.selectionStart, live.selectionEnd]).toEqual([4, 5]);
  });

  it('a choice made in a select of the copy (a filter) goes to the live select, which gets the change', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="prerendered" data-content=""><select aria-label="copy role"><option value="" selected>All</option><option value="MENTOR">Mentor</option></select></div><div id="root"></div>',
    );
    const copy = screen.getByRole('combobox', { name: 'copy role' }) as HTMLSelectElement;
    copy.value = 'MENTOR';
    copy.focus();
    const changes: string[] = [];
    function Live() {
      const [role, setRole] = useState('');
      usePrerenderedHandoff(true);
      return (
        <select
          aria-label="live role"
          value={role}
          onChange={(event) => {
            changes.push(event.target.value);
            setRole(event.target.value);
          }}
        >
          <option value="">All</option>
          <option value="MENTOR">Mentor</option>
        </select>
      );
    }
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    render(<Live />, { container: document.getElementById('root')! });
    const live = screen.getByRole('combobox', { name: 'live role' });
    expect(changes).toEqual(['MENTOR']);
    expect(live).toHaveValue('MENTOR');
    expect(live).toHaveFocus();
  });

  it('a selection the visitor makes right after the hand-off (a select-all) is not undone by it', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="prerendered" data-content=""><textarea aria-label="prerendered code">let a = 1;</textarea></div><div id="root"></div>',
    );
    const copy = screen.getByRole('textbox', { name: 'prerendered code' }) as HTMLTextAreaElement;
    copy.focus();
    copy.setSelectionRange(0, 0);
    function Live() {
      const [code, setCode] = useState('let a = 1;');
      usePrerenderedHandoff(true);
      return <textarea aria-label="live code" value={code} onChange={(event) => setCode(event.target.value)} />;
    }
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    render(<Live />, { container: document.getElementById('root')! });
    const live = screen.getByRole('textbox', { name: 'live code' }) as HTMLTextAreaElement;
    expect(live).toHaveFocus();
    // Ctrl+A before the hand-off's second placing of the caret: the whole text stays selected
    fireEvent.keyDown(live, { key: 'a', ctrlKey: true });
    live.setSelectionRange(0, live.value.length);
    act(() => jest.runOnlyPendingTimers());
    expect([live.selectionStart, live.selectionEnd]).toEqual([0, 'let a = 1;'.length]);
  });
});

describe('a live page with a field more or less than its copy (a part drawn a moment later)', () => {
  it('carries each typed field to the live one of its name, and the focus with it', () => {
    document.body.innerHTML =
      '<div id="prerendered" data-content=""><textarea aria-label="Код решения">шаблон</textarea>' +
      '<label>Комментарий <textarea></textarea></label></div><div id="root"></div>';
    const copy = screen.getByRole('textbox', { name: 'Код решения' }) as HTMLTextAreaElement;
    copy.value = 'SELECT 1';
    copy.focus();
    (screen.getByRole('textbox', { name: 'Комментарий' }) as HTMLTextAreaElement).value = 'вопрос';
    function Live() {
      const [code, setCode] = useState('шаблон');
      usePrerenderedHandoff(true);
      // no comment box yet, a search field before the editor
      return (
        <>
          <input type="search" aria-label="Поиск" />
          <textarea aria-label="Код решения" value={code} onChange={(event) => setCode(event.target.value)} />
        </>
      );
    }
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    render(<Live />, { container: document.getElementById('root')! });
    expect(screen.getByRole('textbox', { name: 'Код решения' })).toHaveValue('SELECT 1');
    expect(screen.getByRole('textbox', { name: 'Код решения' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
  });
});

describe('what the server wrote into a field does not replace what the live page starts from (issue 29)', () => {
  it('the live field keeps its draft when the copy still shows the template; a typed copy still wins', () => {
    function handOver(typed: string | null): HTMLTextAreaElement {
      document.body.innerHTML = '';
      document.body.insertAdjacentHTML(
        'afterbegin',
        '<div id="prerendered" data-content=""><textarea aria-label="prerendered code">// template</textarea>' +
          '<input type="checkbox" aria-label="prerendered tick" checked></div><div id="root"></div>',
      );
      if (typed !== null) (screen.getByRole('textbox', { name: 'prerendered code' }) as HTMLTextAreaElement).value = typed;
      function Live() {
        const [code, setCode] = useState('let draft = 1;');
        const [ticked, setTicked] = useState(false);
        usePrerenderedHandoff(true);
        return (
          <>
            <textarea aria-label="live code" value={code} onChange={(event) => setCode(event.target.value)} />
            <input type="checkbox" aria-label="live tick" checked={ticked} onChange={() => setTicked(!ticked)} />
          </>
        );
      }
      // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
      render(<Live />, { container: document.getElementById('root')! });
      expect(screen.getByRole('checkbox', { name: 'live tick' })).not.toBeChecked();
      return screen.getByRole('textbox', { name: 'live code' }) as HTMLTextAreaElement;
    }
    expect(handOver(null)).toHaveValue('let draft = 1;');
    expect(handOver('let typed = 2;')).toHaveValue('let typed = 2;');
  });
});

describe('the focus on a link of the prerendered page carries over (issue 14)', () => {
  /** The prerendered links with "Start" focused, then a live page with the given second link. */
  function handOverTo(second: { href: string; text: string }) {
    document.body.innerHTML = '';
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="prerendered" data-content=""><a href="/">Home</a><a href="/start">Start</a></div><div id="root"></div>',
    );
    screen.getByRole('link', { name: 'Start' }).focus();
    function Live() {
      usePrerenderedHandoff(true);
      return (
        <nav>
          <a href="/">Home</a>
          <a href={second.href}>{second.text}</a>
        </nav>
      );
    }
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    return render(<Live />, { container: document.getElementById('root')! });
  }

  it('the same link of the live page takes it; another page leaves it alone', () => {
    const { unmount } = handOverTo({ href: '/start', text: 'Start' });
    expect(screen.getAllByRole('link', { name: 'Start' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start' })).toHaveFocus();
    unmount();

    handOverTo({ href: '/demo', text: 'Demo' });
    expect(screen.getByRole('link', { name: 'Demo' })).not.toHaveFocus();
  });
});

describe('a prerendered page being used waits for its live page (issue 14)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays past the usual wait while a field of it was typed into, then goes at the limit', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="prerendered" data-content=""><textarea aria-label="copy">a</textarea></div>',
    );
    (screen.getByRole('textbox', { name: 'copy' }) as HTMLTextAreaElement).value = 'typed';
    render(<Frame />);
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByRole('textbox', { name: 'copy' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(12_100));
    expect(screen.queryByRole('textbox', { name: 'copy' })).toBeNull();
  });
});
