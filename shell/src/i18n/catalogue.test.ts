import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './index';
import { texts as inactive } from './inactive';
import { ru as inactiveRu } from './inactive/ru';
import { ru } from './ru';

describe('the area’s catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake, every plural complete', () => {
    expectCompleteCatalogues(texts.catalogues, []);
  });

  it('so have the inactivation pages’ texts, loaded with them; no key in both', () => {
    expectCompleteCatalogues(inactive.catalogues, []);
    expect(Object.keys(inactiveRu).filter((key) => Object.hasOwn(ru, key))).toEqual([]);
  });
});
