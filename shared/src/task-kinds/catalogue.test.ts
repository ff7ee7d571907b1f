import { TASK_KINDS } from '@academy/shared/contract';
import { expectCompleteCatalogues } from '@academy/shared/testing';
import { texts } from './texts';

describe('the task bodies’ catalogue', () => {
  it('English has a text for every Russian key, none left untranslated by mistake', () => {
    expectCompleteCatalogues(texts.catalogues, []);
  });

  it('every kind of the contract has its name (a kind added there without one fails here)', () => {
    for (const kind of TASK_KINDS)
      for (const catalogue of Object.values(texts.catalogues) as Array<Record<string, string>>)
        expect(catalogue[`taskKind.${kind}`]).toBeTruthy();
  });
});
