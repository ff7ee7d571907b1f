import { sql, type Kysely } from 'kysely';

/**
 * The rate limiter's reservation in one statement (issue 33: each round trip to PostgreSQL costs the
 * server a socket write, ~20 % of its CPU under load). It was a transaction of five or six: begin, an
 * advisory lock per limited key, the count, the insert, commit. `rate_reserve` does the same in one
 * call, with the same guarantee: it locks the keys in the order given, and its count, a statement of a
 * volatile function, sees every event committed by the lock's previous holder (a fresh snapshot per
 * statement, read committed); the locks are released at the call's commit, after its event is visible.
 *
 * Returns the reserved event's id, or null and the oldest event of each exhausted limit (the caller
 * works out the wait). Without an address limit only the subject's rows are read: an address spraying
 * many subjects costs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function rate_reserve(
      p_first_key text, p_second_key text, p_kind text, p_subject text, p_address text,
      p_since timestamptz, p_now timestamptz,
      p_per_subject integer, p_per_address integer, p_per_pair integer
    ) returns table (reserved bigint, subject_oldest timestamptz, address_oldest timestamptz, pair_oldest timestamptz)
    language plpgsql volatile as $$
    declare
      n_subject integer;
      n_address integer := 0;
      n_pair integer;
      o_subject timestamptz;
      o_address timestamptz;
      o_pair timestamptz;
    begin
      perform pg_advisory_xact_lock(hashtextextended(p_first_key, 0));
      if p_second_key is not null then
        perform pg_advisory_xact_lock(hashtextextended(p_second_key, 0));
      end if;
      if p_per_address is null then
        select count(*), count(*) filter (where e.address = p_address),
               min(e.created_at), min(e.created_at) filter (where e.address = p_address)
          into n_subject, n_pair, o_subject, o_pair
          from rate_events e
          where e.kind = p_kind and e.created_at > p_since and e.subject = p_subject;
      else
        select count(*) filter (where e.subject = p_subject), count(*) filter (where e.address = p_address),
               count(*) filter (where e.subject = p_subject and e.address = p_address),
               min(e.created_at) filter (where e.subject = p_subject), min(e.created_at) filter (where e.address = p_address),
               min(e.created_at) filter (where e.subject = p_subject and e.address = p_address)
          into n_subject, n_address, n_pair, o_subject, o_address, o_pair
          from rate_events e
          where e.kind = p_kind and e.created_at > p_since and (e.subject = p_subject or e.address = p_address);
      end if;
      subject_oldest := case when n_subject >= p_per_subject then o_subject end;
      address_oldest := case when p_per_address is not null and n_address >= p_per_address then o_address end;
      pair_oldest := case when p_per_pair is not null and n_pair >= p_per_pair then o_pair end;
      if subject_oldest is null and address_oldest is null and pair_oldest is null then
        insert into rate_events (kind, subject, address, created_at)
          values (p_kind, p_subject, p_address, p_now)
          returning rate_events.id into reserved;
      end if;
      return next;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function rate_reserve`.execute(db);
}
