import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { PrerenderedHandoff, PrerenderedPart, PrerenderedParts } from './prerendered-parts';

const copy = () => screen.queryByText('the copy');

function putCopy() {
  document.body.innerHTML = '<div id="prerendered" data-content=""><main>the copy</main></div>';
}

/** A part that loads lazily, resolved by the test. */
function lazyPart(name: string) {
  let resolve!: () => void;
  const loaded = new Promise<void>((done) => (resolve = done));
  const Part = lazy(async () => {
    await loaded;
    return { default: () => <p>{name}</p> };
  });
  return { Part, load: () => act(async () => resolve()) };
}

describe('a page of several lazy parts hands its copy over once all are in', () => {
  it('waits for the body and the thread, in whichever order they come', async () => {
    putCopy();
    const body = lazyPart('body');
    const thread = lazyPart('thread');
    render(
      <PrerenderedParts parts={2}>
        <Suspense fallback={<p>…</p>}>
          <body.Part />
          <PrerenderedHandoff />
        </Suspense>
        <Suspense fallback={<p>…</p>}>
          <thread.Part />
          <PrerenderedPart />
        </Suspense>
      </PrerenderedParts>,
    );
    await thread.load();
    expect(await screen.findByText('thread')).toBeInTheDocument();
    expect(copy()).not.toBeNull();
    await body.load();
    expect(await screen.findByText('body')).toBeInTheDocument();
    expect(copy()).toBeNull();
  });

  it('a handoff alone hands over at once; a part alone (outside a page of parts) does nothing', () => {
    putCopy();
    const { unmount } = render(<PrerenderedPart />);
    expect(copy()).not.toBeNull();
    unmount();
    render(<PrerenderedHandoff />);
    expect(copy()).toBeNull();
  });
});
