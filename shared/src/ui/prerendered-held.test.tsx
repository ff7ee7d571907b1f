import { render } from '@testing-library/react';
import { handOffPrerendered } from './prerendered';

/** The server's copy with these buttons, a press held on the `held`th (as the boot script holds it). */
function copyWith(buttons: string[], held: number) {
  document.body.innerHTML = `<div id="prerendered">${buttons.map((name) => `<button>${name}</button>`).join('')}</div><div id="root"></div>`;
  window.__academyPrerenderedActions = [['button', held]];
}

/** The live page in #root: its buttons, each writing its name and place into `pressed`. */
function livePage(buttons: Array<{ name: string; label?: string }>, pressed: string[]) {
  render(
    <>
      {buttons.map(({ name, label }, i) => (
        <button key={i} aria-label={label} onClick={() => pressed.push(`${label ?? name} #${i}`)}>
          {name}
        </button>
      ))}
    </>,
    // eslint-disable-next-line testing-library/no-node-access -- the live page renders into the page's own #root
    { container: document.getElementById('root')! },
  );
}

describe('a press held on the server copy goes to the same button of the live page', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reaches its button when the live page has more before it (an editor toolbar came with its chunk)', () => {
    copyWith(['RU', 'EN', 'Проверить'], 2);
    const pressed: string[] = [];
    livePage(
      [
        { name: 'RU' },
        { name: 'EN' },
        { name: '', label: 'Уменьшить шрифт' },
        { name: '', label: 'Увеличить шрифт' },
        { name: 'Проверить' },
      ],
      pressed,
    );
    handOffPrerendered();
    jest.runAllTimers();
    expect(pressed).toEqual(['Проверить #4']);
  });

  it('the second of two alike goes to the second; a button the live page lacks is not pressed', () => {
    copyWith(['Удалить', 'Удалить'], 1);
    const pressed: string[] = [];
    livePage([{ name: 'Новый' }, { name: 'Удалить' }, { name: 'Удалить' }], pressed);
    handOffPrerendered();
    jest.runAllTimers();
    expect(pressed).toEqual(['Удалить #2']);

    copyWith(['Отправить'], 0);
    const none: string[] = [];
    livePage([{ name: 'Отмена' }], none);
    handOffPrerendered();
    jest.runAllTimers();
    expect(none).toEqual([]);
  });

  it('an icon button is known by its label', () => {
    document.body.innerHTML =
      '<div id="prerendered"><button aria-label="Уведомления"></button><button aria-label="Профиль"></button></div><div id="root"></div>';
    window.__academyPrerenderedActions = [['button', 1]];
    const pressed: string[] = [];
    livePage(
      [
        { name: '', label: 'Помощь' },
        { name: '', label: 'Уведомления' },
        { name: '', label: 'Профиль' },
      ],
      pressed,
    );
    handOffPrerendered();
    jest.runAllTimers();
    expect(pressed).toEqual(['Профиль #2']);
  });
});

describe('a press begun on the server copy and ended after the hand-off (the pointer down, then up)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.__academyPrerenderedPress = undefined;
  });

  /** The copy's `pressing`th button under a pointer held down, as the boot script notes it. */
  function pressingOn(buttons: string[], pressing: number) {
    copyWith(buttons, 0);
    window.__academyPrerenderedActions = [];
    window.__academyPrerenderedPress = pressing;
  }
  const liveButton = (name: string) =>
    // eslint-disable-next-line testing-library/no-node-access -- the live page's own #root
    [...document.getElementById('root')!.querySelectorAll('button')].find((button) => button.textContent === name)!;

  it('the live button of its name is pressed once when the pointer is released over it', () => {
    pressingOn(['RU', 'Проверить'], 1);
    const pressed: string[] = [];
    livePage([{ name: 'RU' }, { name: '', label: 'Увеличить шрифт' }, { name: 'Проверить' }], pressed);
    handOffPrerendered();
    expect(window.__academyPrerenderedPress).toBeUndefined();
    liveButton('Проверить').dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    jest.runAllTimers();
    expect(pressed).toEqual(['Проверить #2']);
    // the next release (a press of its own) is the browser's to click, not this one's
    liveButton('Проверить').dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    jest.runAllTimers();
    expect(pressed).toEqual(['Проверить #2']);
  });

  it('is not pressed twice when the browser clicks it itself, nor when released elsewhere or given up', () => {
    pressingOn(['Проверить'], 0);
    const pressed: string[] = [];
    livePage([{ name: 'Проверить' }, { name: 'Сбросить' }], pressed);
    handOffPrerendered();
    liveButton('Проверить').dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    liveButton('Проверить').click();
    jest.runAllTimers();
    expect(pressed).toEqual(['Проверить #0']);

    pressingOn(['Проверить'], 0);
    const elsewhere: string[] = [];
    livePage([{ name: 'Проверить' }, { name: 'Сбросить' }], elsewhere);
    handOffPrerendered();
    liveButton('Сбросить').dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    jest.runAllTimers();
    expect(elsewhere).toEqual([]);

    pressingOn(['Проверить'], 0);
    const cancelled: string[] = [];
    livePage([{ name: 'Проверить' }], cancelled);
    handOffPrerendered();
    document.dispatchEvent(new MouseEvent('pointercancel', { bubbles: true }));
    liveButton('Проверить').dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    jest.runAllTimers();
    expect(cancelled).toEqual([]);
  });
});
