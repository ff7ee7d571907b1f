import { Type } from 'typebox';

// replies (spec 2 §3: profile data)
export const DaysWithoutPause = Type.Object({
  currentDaysWithoutPause: Type.Integer({ minimum: 0 }),
  maxDaysWithoutPause: Type.Integer({ minimum: 0 }),
});

/** At most one entry per day of the window (13 months at most, 397 days). */
export const ActivityYear = Type.Array(
  Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), count: Type.Integer({ minimum: 1 }) }),
  { maxItems: 400 },
);

export const TopicsCount = Type.Integer({ minimum: 0 });

export const TopicNames = Type.Array(Type.String());
