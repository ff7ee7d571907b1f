import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './index';
import { adminRu } from './ru/admin';
import { moderationRu } from './ru/moderation';
import { publishingRu } from './ru/publishing';
import { queueRu } from './ru/queue';
import { reviewsRu } from './ru/reviews';
import { staffActionsRu } from './ru/staff-actions';
import { studentsRu } from './ru/students';

describe('the area’s catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake, every plural complete', () => {
    // "time · name": nothing to translate
    expectCompleteCatalogues(texts.catalogues, ['publishing.editedBy']);
  });

  it('no key is in two Russian parts (the later would silently win when ru.ts spreads them)', () => {
    const parts = [studentsRu, queueRu, staffActionsRu, publishingRu, moderationRu, reviewsRu, adminRu];
    const keys = parts.flatMap((part) => Object.keys(part));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
