import { Suspense, useState, type ReactElement } from 'react';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectCompleteCatalogues } from '@academy/shared/testing';
import {
  defineTexts,
  format,
  hasText,
  I18nProvider,
  languageLoaded,
  monthNames,
  translate,
  translateAny,
  useI18n,
} from './index';
import type { Language } from '../contract';
import { todayIn } from './format';
import { CATALOGUES, formatNumber, retryLanguage, showLanguage } from './messages';

const TASKS = '{count, plural, one {# задача} few {# задачи} many {# задач} other {# задачи}}';

describe('today where the reader is', () => {
  it("is the day of the zone asked for, and the browser clock's own without one", () => {
    // 22:30 UTC on 9 March: already the 10th in Moscow (UTC+3), still the 9th in New York
    const at = new Date(Date.UTC(2026, 2, 9, 22, 30));
    expect(todayIn('Europe/Moscow', at)).toBe('2026-03-10');
    expect(todayIn('America/New_York', at)).toBe('2026-03-09');
    expect(todayIn('UTC', new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('2026-12-31');
    expect(todayIn(undefined, new Date(2026, 2, 9, 23, 59))).toBe('2026-03-09');
  });

  it("writes times in the reader's zone, and a day given as UTC midnight as that day in any zone", async () => {
    function Times() {
      const { formatDateTime } = useI18n();
      const time = formatDateTime(Date.parse('2026-01-10T00:30:00Z'), { hour: '2-digit', minute: '2-digit' });
      const day = formatDateTime(Date.parse('2026-01-10T00:00:00Z'), { day: 'numeric', month: 'long', timeZone: 'UTC' });
      return <p>{`${time} | ${day}`}</p>;
    }
    render(
      <I18nProvider initial="ru" timeZone="America/New_York">
        <Times />
      </I18nProvider>,
    );
    // 00:30 UTC is 19:30 the day before in New York (winter time); the UTC day stays the 10th
    expect(await screen.findByText('19:30 | 10 января')).toBeInTheDocument();
  });
});

describe('common catalogue', () => {
  it('English has a text for every Russian key, and none is left untranslated by mistake', () => {
    expectCompleteCatalogues(CATALOGUES, ['login.email']);
  });
});

describe('plural forms and numbers', () => {
  it.each([
    [1, '1 задача'],
    [2, '2 задачи'],
    [5, '5 задач'],
    [11, '11 задач'],
    [21, '21 задача'],
    [22, '22 задачи'],
    [1.5, '1,5 задачи'],
  ])('Russian: %s → %s', (count, text) => {
    expect(format(TASKS, { count }, 'ru')).toBe(text);
  });

  it('Russian points read correctly, in every case the catalogue needs', () => {
    const points = '{n, plural, one {# балл} few {# балла} many {# баллов} other {# балла}}';
    expect([1, 2, 5, 21, 58].map((n) => format(points, { n }, 'ru'))).toEqual([
      '1 балл',
      '2 балла',
      '5 баллов',
      '21 балл',
      '58 баллов',
    ]);
  });

  it('English: one and other; an exact match comes first; numbers are written the language’s way', () => {
    const tasks = '{n, plural, =0 {no tasks} one {# task} other {# tasks}}';
    expect([0, 1, 2].map((n) => format(tasks, { n }, 'en'))).toEqual(['no tasks', '1 task', '2 tasks']);
    expect(format('{n, number} points', { n: 12345 }, 'en')).toBe('12,345 points');
    expect(format('{n, number}', { n: 12345 }, 'ru')).toBe('12\u00a0345');
  });

  it('plain placeholders stay as they were; a missing value leaves the placeholder', () => {
    expect(format('Модуль {position}. {name}', { position: 2, name: 'Циклы' })).toBe('Модуль 2. Циклы');
    expect(format('{a} и {b}', { a: 'x' })).toBe('x и {b}');
    expect(format('{n, plural, one {# задача} few {# задачи} many {# задач}}', {}, 'ru')).toBe(
      '{n, plural, one {# задача} few {# задачи} many {# задач}}',
    );
  });

  it('writes every number as Intl does, small whole numbers without it', () => {
    const values = [...Array.from({ length: 2001 }, (_, i) => i - 1000), 0.5, -2.25, 1234.5, 10_000, 1_000_000, -0];
    for (const language of ['ru', 'en']) {
      const intl = new Intl.NumberFormat(language);
      for (const value of values) expect(formatNumber(language, value)).toBe(intl.format(value));
    }
  });

  it('month names come from Intl', () => {
    expect(monthNames('ru')[0]).toBe('январь');
    expect(monthNames('en')[11]).toBe('December');
  });
});

describe('area catalogues', () => {
  it('an area’s texts ship with the area: a key the common catalogue never had shows its text, not the key', () => {
    const area = defineTexts('test-area', {
      ru: {
        'testArea.brandNew': 'Новая надпись: {count, plural, one {# задача} few {# задачи} many {# задач} other {# задачи}}',
      },
      en: { 'testArea.brandNew': 'A new label: {count, plural, one {# task} other {# tasks}}' },
    });
    function Label() {
      const t = area.useT();
      return (
        <p>
          {t('testArea.brandNew', { count: 21 })} / {t('close')}
        </p>
      );
    }
    render(
      <I18nProvider initial="ru">
        <Label />
      </I18nProvider>,
    );
    expect(screen.getByText('Новая надпись: 21 задача / Закрыть')).toBeInTheDocument();
    // the shell's toasts find the area's keys once the area has registered them
    expect(hasText('testArea.brandNew')).toBe(true);
    expect(translateAny('en', 'testArea.brandNew', { count: 2 })).toBe('A new label: 2 tasks');
    expect(area.translateIn('en')('testArea.brandNew', { count: 1 })).toBe('A new label: 1 task');
  });

  it('a redeployed area replaces its own texts; unknown keys stay visible as keys', () => {
    defineTexts('test-redeploy', { ru: { 'testRedeploy.x': 'старый' }, en: { 'testRedeploy.x': 'old' } });
    defineTexts('test-redeploy', { ru: { 'testRedeploy.x': 'новый' }, en: { 'testRedeploy.x': 'new' } });
    expect(translateAny('ru', 'testRedeploy.x')).toBe('новый');
    expect(translateAny('ru', 'nobody.hasIt')).toBe('nobody.hasIt');
    expect(translate('en', 'close')).toBe('Close');
  });
});

describe('a language other than Russian, loaded when shown (issue 14)', () => {
  afterEach(() => {
    // the page's language and a failed load are the page's state: each test starts in Russian
    showLanguage('ru');
    retryLanguage('en');
  });

  /** A page in a language with a loading state around the element, as an area has. */
  async function renderWaiting(language: Language, element: ReactElement, loading = 'loading') {
    let view: RenderResult | undefined;
    // eslint-disable-next-line testing-library/no-unnecessary-act -- React pings a component that suspends as it mounts only within an awaited act
    await act(async () => {
      view = render(
        <I18nProvider initial={language}>
          <Suspense fallback={<p>{loading}</p>}>{element}</Suspense>
        </I18nProvider>,
      );
    });
    return view!;
  }

  /** An English catalogue that arrives when the test says so, as a chunk over the network does. */
  function deferred<K extends string>(en: Record<K, string>) {
    let arrive = () => undefined as void;
    let asked = 0;
    const load = () => {
      asked += 1;
      return new Promise<Record<K, string>>((resolve) => (arrive = () => resolve(en)));
    };
    return { load, arrive: () => arrive(), asked: () => asked };
  }

  it('a page in English waits for its texts, and a Russian page never asks for them', async () => {
    const english = deferred({ 'testLazy.title': 'Lazy title' });
    const area = defineTexts('test-lazy', { ru: { 'testLazy.title': 'Ленивый заголовок' }, en: english.load });
    function Title() {
      return <h2>{area.useT()('testLazy.title')}</h2>;
    }
    const { unmount } = render(
      <I18nProvider initial="ru">
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Ленивый заголовок');
    expect(english.asked()).toBe(0);
    unmount();
    render(
      <I18nProvider initial="en">
        <Title />
      </I18nProvider>,
    );
    // nothing in Russian meanwhile: the page waits for its English texts
    expect(screen.queryByRole('heading')).toBeNull();
    expect(english.asked()).toBe(1);
    await act(async () => english.arrive());
    expect(await screen.findByRole('heading')).toHaveTextContent('Lazy title');
    expect(languageLoaded('en')).toBe(true);
  });

  it('the switch to English happens once the texts are here; the Russian page stays until then', async () => {
    const english = deferred({ 'testSwitch.title': 'Switched' });
    const area = defineTexts('test-switch', { ru: { 'testSwitch.title': 'До переключения' }, en: english.load });
    function Page() {
      const { setLanguage, language } = useI18n();
      return (
        <>
          <h2 lang={language}>{area.useT()('testSwitch.title')}</h2>
          <button onClick={() => setLanguage('en')}>EN</button>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <I18nProvider initial="ru">
        <Page />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(english.asked()).toBe(1);
    expect(screen.getByRole('heading')).toHaveTextContent('До переключения');
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'ru');
    await act(async () => english.arrive());
    expect(screen.getByRole('heading')).toHaveTextContent('Switched');
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'en');
  });

  it('an area waits for its texts in its own loading state, its later hooks intact; a later click wins', async () => {
    const english = deferred({ 'testLate.title': 'Late title' });
    const user = userEvent.setup();
    function Switch() {
      const { setLanguage } = useI18n();
      return (
        <>
          <button onClick={() => setLanguage('en')}>EN</button>
          <button onClick={() => setLanguage('ru')}>RU</button>
        </>
      );
    }
    // the area's code arrives once the page is in English (a remote opened later)
    let area: ReturnType<typeof defineTexts<'testLate.title'>> | null = null;
    function Late() {
      const t = area!.useT();
      const [count] = useState(2); // a hook after the wait: the replay must keep it
      return (
        <h2>
          {t('testLate.title')} {count}
        </h2>
      );
    }
    const view = render(
      <I18nProvider initial="en">
        <Switch />
      </I18nProvider>,
    );
    area = defineTexts('test-late', { ru: { 'testLate.title': 'Поздний' }, en: english.load });
    // registered while the page shows English: its texts are asked for at once
    expect(english.asked()).toBe(1);
    // eslint-disable-next-line testing-library/no-unnecessary-act -- React pings a component that suspends as it mounts only within an awaited act
    await act(async () => {
      view.rerender(
        <I18nProvider initial="en">
          <Switch />
          <Suspense fallback={<p>loading area</p>}>
            <Late />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(screen.getByText('loading area')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toBeInTheDocument();
    await act(async () => english.arrive());
    expect(await screen.findByRole('heading')).toHaveTextContent('Late title 2');
    // RU, then EN again, then RU before nothing more: the last one asked for is the page's
    await user.click(screen.getByRole('button', { name: 'RU' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Поздний 2');
  });

  it('a page of another language than the interface’s waits for that language’s texts (/start/en)', async () => {
    const english = deferred({ 'testPage.title': 'Sign up' });
    const area = defineTexts('test-page', { ru: { 'testPage.title': 'Регистрация' }, en: english.load });
    function EnglishPage() {
      return <h2>{area.useTIn('en')('testPage.title')}</h2>;
    }
    await renderWaiting('ru', <EnglishPage />, 'loading page');
    expect(screen.getByText('loading page')).toBeInTheDocument();
    await act(async () => english.arrive());
    expect(await screen.findByRole('heading')).toHaveTextContent('Sign up');
  });

  it('texts that cannot come (offline): a page in English shows the Russian texts, a switch keeps the language', async () => {
    let asked = 0;
    const area = defineTexts('test-offline', {
      ru: { 'testOffline.title': 'Без сети' },
      en: () => {
        asked += 1;
        return Promise.reject(new Error('Loading chunk i18n-en-test failed'));
      },
    });
    function Page() {
      const { language, setLanguage } = useI18n();
      return (
        <>
          <h2 lang={language}>{area.useT()('testOffline.title')}</h2>
          <button onClick={() => setLanguage('en')}>EN</button>
        </>
      );
    }
    const { unmount } = await renderWaiting('en', <Page />);
    // not a blank page nor an error: the page, its texts in Russian
    expect(await screen.findByRole('heading')).toHaveTextContent('Без сети');
    expect(asked).toBe(1);
    unmount();
    retryLanguage('en');
    showLanguage('ru');
    const user = userEvent.setup();
    render(
      <I18nProvider initial="ru">
        <Page />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'EN' }));
    // the switch asked again, the texts did not come: the page stays in Russian
    expect(asked).toBe(2);
    await act(async () => undefined);
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'ru');
  });

  it('texts that arrive at once (a chunk in the cache): the area renders with its later hooks, no error', async () => {
    const area = defineTexts('test-cached', {
      ru: { 'testCached.title': 'Из кэша' },
      en: () => Promise.resolve({ 'testCached.title': 'From the cache' }),
    });
    function Cached() {
      const t = area.useT();
      const [count] = useState(3); // mounted only when the component renders past its wait
      return (
        <h2>
          {t('testCached.title')} {count}
        </h2>
      );
    }
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWaiting('en', <Cached />);
    expect(await screen.findByRole('heading')).toHaveTextContent('From the cache 3');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
