import type { Quote } from '../contract';
import { api } from './base-api';

/** The quote of the day (the student frame shows it). */
export const quoteApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getQuote: build.query<Quote, void>({
      query: () => '/api/excerption/',
      providesTags: ['Quote'],
    }),
  }),
});

export const { useGetQuoteQuery } = quoteApi;
