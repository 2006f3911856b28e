import { sql, type Kysely } from 'kysely';

/**
 * POST /api/medical-events at 32 connections (issue 10: p99 under 40 ms):
 * every event recorded today in a division added to the same
 * medical_event_day and medical_event_day_type rows (migration 051), so each
 * write waited for the one before it to commit while holding those rows: the
 * counts took 116 ms of p99 to 158 ms, 453 to 324 writes/s (bench, 100,000
 * patients, trigger disabled and enabled). Each key now has a row per `slot`,
 * the writing connection's (pg_backend_pid() % 8), so connections no longer
 * queue on one row. Readers already sum the rows of a key (engine.ts,
 * countedRows); rows before this migration stay in slot 0. An insert's
 * counts are static SQL, planned once per connection rather than at every
 * write as the shared function's dynamic statement is (p99 130 to 120 ms,
 * 376 to 422 writes/s).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function medical_event_count_slot() returns smallint language sql volatile parallel safe as $fn$
      select (pg_backend_pid() % 8)::smallint
    $fn$;

    alter table medical_event_day add column slot smallint not null default 0;
    alter table medical_event_day drop constraint medical_event_day_key;
    alter table medical_event_day add constraint medical_event_day_key
      unique nulls not distinct (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, slot);
    alter table medical_event_day_type add column slot smallint not null default 0;
    alter table medical_event_day_type drop constraint medical_event_day_type_key;
    alter table medical_event_day_type add constraint medical_event_day_type_key
      unique (division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case, slot);

    create or replace function medical_event_day_count() returns trigger language plpgsql as $fn$
    declare
      facts constant text := 'select patient_uid, event_date, medical_event_type_uid, status_uid, detail, %s as change from %I';
    begin
      execute format($q$
        insert into medical_event_day as d (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, slot, events)
        select p.division_uid, medical_event_day_key(c.event_date), c.medical_event_type_uid, c.status_uid, uuid_or_null(c.detail ->> 'outcome'),
               p.restricted_flag, p.adoption_case, medical_event_count_slot(), sum(c.change)::int
          from (%s) c join patient p on p.patient_uid = c.patient_uid
         group by 1, 2, 3, 4, 5, 6, 7 having sum(c.change) <> 0
         order by 1, 2, 3, 4, 5, 6, 7
        on conflict on constraint medical_event_day_key do update set events = d.events + excluded.events
      $q$, case tg_op when 'INSERT' then format(facts, 1, 'changed_new')
                      when 'DELETE' then format(facts, -1, 'changed_old')
                      else format(facts, -1, 'changed_old') || ' union all ' || format(facts, 1, 'changed_new') end);
      return null;
    end $fn$;

    create function medical_event_day_inserted() returns trigger language plpgsql as $fn$
    begin
      insert into medical_event_day as d (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, slot, events)
      select p.division_uid, medical_event_day_key(c.event_date), c.medical_event_type_uid, c.status_uid, uuid_or_null(c.detail ->> 'outcome'),
             p.restricted_flag, p.adoption_case, medical_event_count_slot(), count(*)::int
        from changed_new c join patient p on p.patient_uid = c.patient_uid
       group by 1, 2, 3, 4, 5, 6, 7
       order by 1, 2, 3, 4, 5, 6, 7
      on conflict on constraint medical_event_day_key do update set events = d.events + excluded.events;
      return null;
    end $fn$;
    drop trigger medical_event_day_on_insert on medical_event;
    create trigger medical_event_day_on_insert after insert on medical_event
      referencing new table as changed_new for each statement execute function medical_event_day_inserted();

    create or replace function medical_event_day_patient_changed() returns trigger language plpgsql as $fn$
    begin
      insert into medical_event_day as d (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, slot, events)
      select x.division_uid, medical_event_day_key(me.event_date), me.medical_event_type_uid, me.status_uid, uuid_or_null(me.detail ->> 'outcome'),
             x.restricted_flag, x.adoption_case, medical_event_count_slot(), sum(x.change)::int
        from medical_event me,
             (select old.division_uid, old.restricted_flag, old.adoption_case, -1
              union all
              select new.division_uid, new.restricted_flag, new.adoption_case, 1 where tg_op = 'UPDATE') x(division_uid, restricted_flag, adoption_case, change)
       where me.patient_uid = old.patient_uid
       group by 1, 2, 3, 4, 5, 6, 7 having sum(x.change) <> 0
       order by 1, 2, 3, 4, 5, 6, 7
      on conflict on constraint medical_event_day_key do update set events = d.events + excluded.events;
      if tg_op = 'DELETE' then return old; end if;
      return null;
    end $fn$;

    create or replace function medical_event_day_type_count() returns trigger language plpgsql as $fn$
    begin
      insert into medical_event_day_type as d (division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case, slot, events)
      values (new.division_uid, new.event_date, new.medical_event_type_uid, new.restricted_flag, new.adoption_case, new.slot,
              new.events - case when tg_op = 'UPDATE' then old.events else 0 end)
      on conflict on constraint medical_event_day_type_key do update set events = d.events + excluded.events;
      return null;
    end $fn$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
