import { Type } from 'typebox';
import { REPORT_MAX_QUERY } from '@academy/shared/contract';
import { Id, Nullable, Text } from '../../common/schemas';

const Day = Type.String({ maxLength: 10, description: 'dd.MM.yyyy' });

/** `GET /api/student/report`: the window (at most 31 days; by default the last 31 days), whose, and a search. */
export const ReportQuery = Type.Object({
  onlySelf: Type.Boolean({ default: true }),
  query: Type.Optional(Text(REPORT_MAX_QUERY)),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
});

/**
 * A report written (`id` null) or changed. The text's own limit (200) is the service's, so the writer
 * reads its message; the schema only bounds what is read at all.
 */
export const ReportBody = Type.Object({
  id: Nullable(Id),
  text: Text(2000),
  countHours: Type.Number({ minimum: -1000, maximum: 1000 }),
  reportDate: Day,
});

export const ReportSchema = Type.Object({
  id: Type.Integer(),
  studentId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  text: Type.String(),
  countHours: Type.Number(),
  reportDate: Type.String(),
});

export const ReportList = Type.Object({ entities: Type.Array(ReportSchema) });

/** The id of the report written or changed. */
export const ReportId = Type.Object({ id: Type.Integer() });
