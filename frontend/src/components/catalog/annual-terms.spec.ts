import { annualTerms } from './annual-terms';

describe('an annual plan beside its monthly twin', () => {
  it('says its monthly equivalent and the months it gives free', () => {
    expect(annualTerms(19_000, 1900)).toEqual({ perMonth: '$15.83', monthsFree: 2 });
    expect(annualTerms(9000, 900)).toEqual({ perMonth: '$7.50', monthsFree: 2 });
  });
});
