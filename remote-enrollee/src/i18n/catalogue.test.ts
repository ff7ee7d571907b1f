import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './index';

describe('the area’s catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake, every plural complete', () => {
    expectCompleteCatalogues(texts.catalogues, []);
  });
});
