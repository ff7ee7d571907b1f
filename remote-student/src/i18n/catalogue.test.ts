import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './index';
import { texts as comments } from './comments';
import { texts as reports } from './reports';
import { texts as reviews } from './reviews';
import { texts as stats } from './stats';
import { texts as task } from './task';
import { ru as commentsRu } from './comments/ru';
import { ru as reportsRu } from './reports/ru';
import { ru as reviewsRu } from './reviews/ru';
import { ru as coreRu } from './ru';
import { ru as statsRu } from './stats/ru';
import { ru as taskRu } from './task/ru';

const PARTS = { comments, reports, reviews, stats, task };

describe('the area’s catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake, every plural complete', () => {
    expectCompleteCatalogues(texts.catalogues, []);
  });

  // a title made only of names reads the same in both languages
  const SAME: Partial<Record<keyof typeof PARTS, string[]>> = { task: ['task.pageTitle'] };
  it.each(Object.entries(PARTS))('so has the part %s, loaded with its pages', (name, part) => {
    expectCompleteCatalogues(part.catalogues, SAME[name as keyof typeof PARTS] ?? []);
  });

  it('no key is in two parts, or in a part and the area', () => {
    const all = [coreRu, commentsRu, reportsRu, reviewsRu, statsRu, taskRu].flatMap((catalogue) => Object.keys(catalogue));
    expect(all.length).toBe(new Set(all).size);
  });

  it('a part’s t knows its own keys, the area’s and the common ones', () => {
    const t = task.translateIn('en');
    expect(t('task.reset')).toBe('Solve again');
    expect(t('course.back')).toBe(comments.translateIn('en')('course.back'));
    expect(t('course.back')).not.toBe('course.back');
    expect(t('loading')).toBe('Loading…');
  });
});
