import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './index';

describe('the area’s catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake, every plural complete', () => {
    // "time · name": nothing to translate
    expectCompleteCatalogues(texts.catalogues, ['publishing.editedBy']);
  });
});
