import { api } from '@academy/shared/api';
import {
  formatReportDate,
  mayViewReports,
  type Report,
  type ReportInput,
  type ReportList,
  type ReportSearch,
} from '@academy/shared/contract';
import { todayIn } from '@academy/shared/i18n';
import type { PageData } from '@academy/shared/ssr';
import { firstWindow } from './report-dates';

/** The list of a window; every write refreshes it and the profile (whose requireCreateReport may change). */
const LIST = { type: 'Report' as const, id: 'LIST' };
const writeTags = [LIST, { type: 'Profile' as const, id: 'ME' }];

const reportsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReports: build.query<Report[], ReportSearch>({
      query: ({ onlySelf, query, startDate, endDate }) => ({
        url: '/api/student/report',
        params: { onlySelf, startDate, endDate, ...(query ? { query } : {}) },
      }),
      transformResponse: (reply: ReportList) => reply.entities,
      providesTags: (reports = []) => [LIST, ...reports.map((r) => ({ type: 'Report' as const, id: r.id }))],
    }),
    createReport: build.mutation<{ id: number }, ReportInput>({
      query: (body) => ({ url: '/api/student/report', method: 'POST', body: { ...body, id: null } }),
      invalidatesTags: writeTags,
    }),
    updateReport: build.mutation<{ id: number }, ReportInput>({
      query: (body) => ({ url: '/api/student/report', method: 'PUT', body }),
      invalidatesTags: writeTags,
    }),
    deleteReport: build.mutation<boolean, number>({
      query: (id) => ({ url: `/api/student/report/${id}`, method: 'DELETE' }),
      invalidatesTags: writeTags,
    }),
  }),
});

/** The search of a window's cards: its first and last days, the flag and the text. */
export const reportSearch = (days: string[], onlySelf: boolean, query: string): ReportSearch => ({
  onlySelf,
  query,
  startDate: formatReportDate(days[0]!),
  endDate: formatReportDate(days.at(-1)!),
});

/**
 * /user/report on the server: today's window of the reader's own cards, as the page asks first. Not
 * without the reader's zone (today is theirs), nor for a user the page sends elsewhere.
 */
export const reportsPageData: PageData = (dispatch, profile, { timeZone }) => {
  if (!timeZone || !profile || !mayViewReports({ role: profile.role.name, isViewReport: profile.isViewReport })) return false;
  dispatch(reportsApi.endpoints.getReports.initiate(reportSearch(firstWindow(todayIn(timeZone)).days, true, '')));
};

export const { useGetReportsQuery, useCreateReportMutation, useUpdateReportMutation, useDeleteReportMutation } = reportsApi;
