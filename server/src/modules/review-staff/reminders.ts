import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { meetPath, sendReviewNotice } from './service';

/** How often the server looks for reminders due. */
export const REMINDER_INTERVAL_MS = 60_000;
/** The most reminders of each kind one run sends (the next run takes the rest). */
export const REMINDER_BATCH = 500;

const HOUR = sql`interval '1 hour'`;
const DAY = sql`interval '24 hours'`;

interface DueReminder {
  student_id: number;
  starts_at: Date;
  link_code: string | null;
  module_name: string;
  time_zone: string | null;
}

/**
 * Takes the reminders of one kind that are due and sends them, in one transaction: the conditional
 * update marks each booking before its notice is written, so a run overlapping this one (another
 * instance, a slow tick) finds it taken; a failure rolls both back for the next run.
 * - `hour`: slots starting within the hour; the day-before reminder, too late now, is taken with it.
 * - `day`: slots starting in more than an hour and at most a day.
 */
async function remind(db: Kysely<Database>, now: Date, which: 'day' | 'hour'): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // which bookings are due, for a booking `r` of a slot `s`
  const due = (r: string, s: string) => {
    const [booking, slot] = [sql.ref(r), sql.ref(s)];
    const starts = sql`${slot}.starts_at`;
    const live = sql`${booking}.status = 'WAITED' and ${slot}.canceled_at is null`;
    return which === 'hour'
      ? sql`${live} and ${starts} > ${at} and ${starts} <= ${at} + ${HOUR} and ${booking}.reminded_hour_at is null`
      : sql`${live} and ${starts} > ${at} + ${HOUR} and ${starts} <= ${at} + ${DAY}
            and ${booking}.reminded_day_at is null and ${booking}.reminded_hour_at is null`;
  };
  const marks =
    which === 'hour'
      ? sql`reminded_hour_at = ${at}, reminded_day_at = coalesce(r.reminded_day_at, ${at})`
      : sql`reminded_day_at = ${at}`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<DueReminder>`
      update student_reviews r set ${marks}
        from review_slots s, course_modules m, users u
       where s.id = r.slot_id and m.id = r.module_id and u.id = r.student_id
         -- checked again on the row itself: a run that marked it meanwhile wins
         and ${due('r', 's')}
         and r.id in (select r2.id from student_reviews r2 join review_slots s2 on s2.id = r2.slot_id
                       where ${due('r2', 's2')}
                       order by s2.starts_at, r2.id
                       limit ${REMINDER_BATCH})
      returning r.student_id, s.starts_at, s.link_code, m.name as module_name, u.time_zone`.execute(trx);
    for (const row of rows) {
      await sendReviewNotice(
        trx,
        {
          userId: row.student_id,
          zone: row.time_zone,
          moduleName: row.module_name,
          startsAt: row.starts_at,
          event: 'reminder',
          ...(row.link_code ? { link: meetPath(row.link_code) } : {}),
        },
        now,
      );
    }
    return rows.length;
  });
}

/**
 * Review reminders (docs/courses.md, "Reviews"): each waiting booking of a live slot is reminded a day before
 * its start and an hour before, with the conference page's link, each at most once and never after the
 * start. A booking made less than an hour ahead gets only the hour's; moving a slot clears the marks.
 */
export async function runReviewReminders(db: Kysely<Database>, now: Date): Promise<{ hour: number; day: number }> {
  const hour = await remind(db, now, 'hour');
  const day = await remind(db, now, 'day');
  return { hour, day };
}

/**
 * The server's reminder job: a run when the server starts listening and every minute after, one at a
 * time, on the app's clock; its timer does not keep the process alive and it stops with the app.
 * Several servers may run it at once: the marks decide who sends.
 */
export class ReviewReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = REMINDER_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = runReviewReminders(this.db, this.clock.now())
      .then((sent) => {
        if (sent.hour + sent.day > 0) this.log.info(`review reminders: ${sent.day} a day ahead, ${sent.hour} an hour ahead`);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'review reminders failed'))
      .finally(() => {
        this.running = null;
      });
  }
}
