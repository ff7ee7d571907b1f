import { act, render, screen } from '@testing-library/react';
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
