import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** A slot as an edit or a cancel sees it, locked. */
interface LockedSlot {
  id: number;
  module_id: number;
  starts_at: Date;
  seats_taken: number;
  link_code: string | null;
  canceled_at: Date | null;
}

/** What planning writes for a slot. */
export interface SlotValues {
  moduleId: number;
  moduleName: string;
  startsAt: Date;
  capacity: number;
  mentorId: number | null;
  conferenceUrl: string | null;
}

/** A waiting student a change of their slot concerns. */
export interface WaitingStudent {
  student_id: number;
}

export type SlotEdit =
  | { result: 'edited'; moved: WaitingStudent[]; previousStart: Date }
  | { result: 'missing' | 'canceled' | 'belowTaken' | 'moduleBooked'; taken: number };

/** A link code for a conference: the page `/meet?linkCode=` resolves it, the address never leaves staff replies. */
const newLinkCode = () => randomBytes(12).toString('hex');

/** The conference of a slot: a new code for a new address, the same code for a changed one. */
async function writeLink(trx: Transaction<Database>, code: string | null, values: SlotValues): Promise<string | null> {
  if (values.conferenceUrl === null) {
    if (code) await trx.deleteFrom('meet_links').where('code', '=', code).execute();
    return null;
  }
  const link = { url: values.conferenceUrl, title: values.moduleName.slice(0, 200) };
  if (code) {
    await trx.updateTable('meet_links').set(link).where('code', '=', code).execute();
    return code;
  }
  const created = newLinkCode();
  await trx
    .insertInto('meet_links')
    .values({ code: created, ...link, expires_at: null })
    .execute();
  return created;
}

const lockSlot = (trx: Transaction<Database>, slotId: number) =>
  sql<LockedSlot>`select id, module_id, starts_at, seats_taken, link_code, canceled_at
                    from review_slots where id = ${slotId} for update`
    .execute(trx)
    .then((result) => result.rows[0]);

/** Planning's writes: a slot planned, moved or edited, canceled, each with its conference link. */
export function planningWrites(db: Kysely<Database>) {
  return {
    /** Plans a slot, its conference behind a new link code; returns its id. */
    createSlot(values: SlotValues, createdBy: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const code = await writeLink(trx, null, values);
        const row = await trx
          .insertInto('review_slots')
          .values({
            module_id: values.moduleId,
            starts_at: values.startsAt,
            capacity: values.capacity,
            mentor_id: values.mentorId,
            link_code: code,
            created_by: createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    /**
     * Moves or edits a live slot. The slot's row is locked first, so bookings wait while the seats are
     * compared with the new capacity (the check on `seats_taken` holds in any case); the module changes
     * only while no booking waits. A move clears the waiting bookings' reminders and returns their
     * students.
     */
    editSlot(slotId: number, values: SlotValues): Promise<SlotEdit> {
      return db.transaction().execute(async (trx): Promise<SlotEdit> => {
        const slot = await lockSlot(trx, slotId);
        if (!slot) return { result: 'missing', taken: 0 };
        if (slot.canceled_at !== null) return { result: 'canceled', taken: slot.seats_taken };
        if (values.capacity < slot.seats_taken) return { result: 'belowTaken', taken: slot.seats_taken };
        if (values.moduleId !== slot.module_id && slot.seats_taken > 0)
          return { result: 'moduleBooked', taken: slot.seats_taken };
        const code = await writeLink(trx, slot.link_code, values);
        await trx
          .updateTable('review_slots')
          .set({
            module_id: values.moduleId,
            starts_at: values.startsAt,
            capacity: values.capacity,
            mentor_id: values.mentorId,
            link_code: code,
          })
          .where('id', '=', slotId)
          .execute();
        const moved = slot.starts_at.getTime() !== values.startsAt.getTime();
        const students = moved
          ? await trx
              .updateTable('student_reviews')
              .set({ reminded_day_at: null, reminded_hour_at: null })
              .where('slot_id', '=', slotId)
              .where('status', '=', 'WAITED')
              .returning('student_id')
              .execute()
          : [];
        return { result: 'edited', moved: students, previousStart: slot.starts_at };
      });
    },

    /**
     * Cancels a live slot: its waiting bookings become CANCELED and their seats free, its conference
     * link expires. 'missing' for no such slot, 'canceled' for one canceled before (a second cancel changes nothing).
     */
    cancelSlot(
      slotId: number,
      now: Date,
    ): Promise<{ canceled: WaitingStudent[]; module_id: number; starts_at: Date } | 'missing' | 'canceled'> {
      return db.transaction().execute(async (trx) => {
        const slot = await lockSlot(trx, slotId);
        if (!slot) return 'missing' as const;
        if (slot.canceled_at !== null) return 'canceled' as const;
        await trx.updateTable('review_slots').set({ canceled_at: now, seats_taken: 0 }).where('id', '=', slotId).execute();
        const canceled = await trx
          .updateTable('student_reviews')
          .set({ status: 'CANCELED' })
          .where('slot_id', '=', slotId)
          .where('status', '=', 'WAITED')
          .returning('student_id')
          .execute();
        if (slot.link_code)
          await trx.updateTable('meet_links').set({ expires_at: now }).where('code', '=', slot.link_code).execute();
        return { canceled, module_id: slot.module_id, starts_at: slot.starts_at };
      });
    },
  };
}
