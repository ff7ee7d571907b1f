import { api } from '@academy/shared/api';
import type { Report, ReportInput, ReportList, ReportSearch } from '@academy/shared/contract';

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

export const { useGetReportsQuery, useCreateReportMutation, useUpdateReportMutation, useDeleteReportMutation } = reportsApi;
