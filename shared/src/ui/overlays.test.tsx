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
