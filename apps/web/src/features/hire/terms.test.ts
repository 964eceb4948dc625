import { describe, expect, it } from 'vitest';
import { NEW_TERMS, readTerms, termsInput } from './terms';

describe("a job's terms as typed (issue 17)", () => {
  it('reads rupees as paise and the width in metres', () => {
    const { terms, problems } = readTerms({ ...NEW_TERMS, rate: '1,200', width: '1,8' });
    expect(problems).toEqual({});
    expect(terms).toMatchObject({ implement: 'rotavator', implementWidthM: 1.8, rateKind: 'acre', ratePaise: 120_000, trips: 1, agreedQuantity: null });
  });

  it("refuses what the server would, with the server's codes", () => {
    expect(readTerms({ ...NEW_TERMS, rate: '', width: '0.2' }).problems).toEqual({ rate: 'RATE_OUT_OF_RANGE', width: 'WIDTH_OUT_OF_RANGE' });
    expect(readTerms({ ...NEW_TERMS, rate: '200000' }).problems).toEqual({ rate: 'RATE_OUT_OF_RANGE' });
    expect(readTerms({ ...NEW_TERMS, rate: '500', rateKind: 'trip', trips: '2.5' }).problems).toEqual({ trips: 'TRIPS_OUT_OF_RANGE' });
    expect(readTerms({ ...NEW_TERMS, rate: '500', agreed: 'lots' }).problems).toEqual({ agreed: 'QUANTITY_OUT_OF_RANGE' });
  });

  it('a trip job is billed by its trips, not by an agreed figure left from another kind', () => {
    const { terms, problems } = readTerms({ ...NEW_TERMS, rate: '500', rateKind: 'trip', trips: '3', agreed: '7' });
    expect(problems).toEqual({});
    expect(terms).toMatchObject({ trips: 3, agreedQuantity: null });
  });

  it('a job comes back into the form as it was', () => {
    const input = termsInput({
      implement: 'plough',
      implementWidthM: 1.2,
      rateKind: 'hour',
      ratePaise: 80_050,
      trips: 1,
      acreBasis: 'covered',
      hourBasis: 'engine',
      agreedQuantity: 4.5,
    });
    expect(input).toEqual({
      implement: 'plough',
      width: '1.2',
      rateKind: 'hour',
      rate: '800.50',
      trips: '1',
      acreBasis: 'covered',
      hourBasis: 'engine',
      agreed: '4.5',
    });
    expect(readTerms(input).terms).toMatchObject({ ratePaise: 80_050, agreedQuantity: 4.5, hourBasis: 'engine' });
  });
});
