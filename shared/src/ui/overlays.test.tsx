import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './overlays';

describe('Dialog', () => {
  it('keeps the focus inside: Tab from the last control goes to the first', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <Dialog open dismissible={false} title="Report">
          <button type="button">first</button>
          <button type="button">last</button>
        </Dialog>
      </>,
    );
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
  });

  it('gives the focus to the first control of content that arrives after it opened, unless moved since', async () => {
    const { rerender } = render(
      <Dialog open dismissible={false} title="Report">
        <p role="status">Loading…</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Report' })).toHaveFocus();
    rerender(
      <Dialog open dismissible={false} title="Report">
        <input aria-label="Hours" />
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Hours' })).toHaveFocus());
  });

  it('keeps the focus on its panel while nothing in it can take it (a part still loading)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <Dialog open dismissible={false} title="Report">
          <p role="status">Loading…</p>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toHaveFocus();
    expect(screen.getByRole('button', { name: 'outside', hidden: true })).not.toHaveFocus();
  });
});

describe('Dialogs that open by themselves (issue 29, item 14)', () => {
  function Auto({ title, initiallyOpen = true }: { title: string; initiallyOpen?: boolean }) {
    const [open, setOpen] = useState(initiallyOpen);
    return (
      <Dialog
        queued
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        closeLabel={`Close ${title}`}
        footer={<button onClick={() => setOpen(false)}>Закрыть</button>}
      >
        <p>{title} text</p>
      </Dialog>
    );
  }

  it('shows one at a time, in turn; each close closes its own only', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Auto title="Поздравляем!" />
        <Auto title="Плановые работы" />
      </>,
    );
    expect(await screen.findByRole('dialog', { name: 'Поздравляем!' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(await screen.findByRole('dialog', { name: 'Плановые работы' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('waits while a dialog the user opened is open', async () => {
    const user = userEvent.setup();
    function Opened() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} title="Ответ" onClose={() => setOpen(false)} closeLabel="Закрыть ответ">
          <p>answer</p>
        </Dialog>
      );
    }
    render(
      <>
        <Opened />
        <Auto title="Плановые работы" />
      </>,
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Закрыть ответ' }));
    expect(await screen.findByRole('dialog', { name: 'Плановые работы' })).toBeInTheDocument();
  });
});

describe('Dialogs over dialogs', () => {
  it('a press or Esc inside the top one never closes the one below', async () => {
    const user = userEvent.setup();
    const below = jest.fn();
    const top = jest.fn();
    render(
      <>
        <Dialog open title="Below" onClose={below} closeLabel="Close below">
          <p>below</p>
        </Dialog>
        <Dialog open title="Top" onClose={top} closeLabel="Close top">
          <button type="button">inside</button>
        </Dialog>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'inside' }));
    await user.keyboard('{Escape}');
    expect(top).toHaveBeenCalledTimes(1);
    expect(below).not.toHaveBeenCalled();
  });
});
