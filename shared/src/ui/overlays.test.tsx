import { render, screen } from '@testing-library/react';
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
