import { render, screen } from '@testing-library/react';
import { DIRECTIONS } from '@academy/shared/contract';
import { DirectionIcon, DirectionName } from './direction-icon';

const markup = (fragment: DocumentFragment) => new XMLSerializer().serializeToString(fragment);

describe('the directions’ marks', () => {
  it('draw a mark of its own for every direction, hidden from screen readers', () => {
    const drawn = DIRECTIONS.map((direction) => {
      const { asFragment, unmount } = render(<DirectionIcon direction={direction} size={40} />);
      const html = markup(asFragment());
      unmount();
      expect(html).toContain(`data-direction="${direction}"`);
      expect(html).toContain('aria-hidden="true"');
      expect(html).toContain('width: 40px; height: 40px;');
      // the drawing itself, without the attributes that name the direction
      return html.slice(html.indexOf('<svg')).replace(/data-direction="\w+"/, '');
    });
    expect(new Set(drawn).size).toBe(DIRECTIONS.length);
  });

  it('show the direction’s name beside its mark: the name is what assistive technology reads', () => {
    const { asFragment } = render(
      <p>
        <DirectionName direction="JAVA" name="Java-разработчик" />
      </p>,
    );
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^Java-разработчик$/);
    expect(markup(asFragment())).toContain('data-direction="JAVA"');
  });
});
