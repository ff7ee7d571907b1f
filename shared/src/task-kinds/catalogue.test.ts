import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './texts';

describe('the task bodies’ catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake', () => {
    expectCompleteCatalogues(texts.catalogues, []);
  });
});
