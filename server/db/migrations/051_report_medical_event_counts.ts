import { sql, type Kysely } from 'kysely';

/**
 * The medical-event report at 1,000,000 events (issue 12 section 4: a chart
 * and the table grouped by type, p99 under 300 ms at 32 connections):
 *
 * - `medical_event_day`: how many events each division has per day, type,
 *   status, outcome and access class (the patient's restricted_flag and
 *   adoption_case), kept by triggers in the transaction of every write to
 *   medical_event, and of every patient change that moves its events to
 *   another division or class. A chart or total that groups and filters by
 *   these only sums a few thousand rows instead of joining every event
 *   (server/dataviews/engine.ts, `counts`). Its `event_date` is the day's
 *   midnight (UTC) for events at midnight and one microsecond later for the
 *   others: compared with any date, cut to any time unit or shown as a day,
 *   it gives the answer each of its events gives, in a UTC session.
 * - `report_medical_event_count_view`: those counts with the labels the report
 *   view shows, under the report view's column names.
 * - medical_event keeps its type's label (set on write, renamed with the
 *   reference row, as migration 025 keeps the patient's labels), so the table
 *   sorted by type reads the first rows of an index instead of sorting every
 *   event by a joined label.
 * - restricted patients by division: the rows a caller sees only as a case
 *   worker of a restricted case are counted one by one, found through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table medical_event add column medical_event_label text;
    update medical_event me set medical_event_label = r.label from reference_data r where r.uid = me.medical_event_type_uid;
    create function medical_event_label() returns trigger language plpgsql as $fn$
    begin
      new.medical_event_label := (select label from reference_data where uid = new.medical_event_type_uid);
      return new;
    end $fn$;
    create trigger medical_event_label before insert or update of medical_event_type_uid on medical_event
      for each row execute function medical_event_label();
    create function medical_event_type_renamed() returns trigger language plpgsql as $fn$
    begin
      -- Through the label index: every event of the type carries the old label.
      update medical_event set medical_event_label = new.label where medical_event_label = old.label and medical_event_type_uid = new.uid;
      return null;
    end $fn$;
    create trigger medical_event_type_renamed after update of label on reference_data
      for each row when (old.label is distinct from new.label) execute function medical_event_type_renamed();
    -- The report table's sort by type (medical_event_label, -event_date, the id last), as the engine writes it.
    create index medical_event_label_date on medical_event (medical_event_label, event_date desc nulls last, medical_event_uid);

    create function medical_event_day_key(at timestamptz) returns timestamptz language sql immutable parallel safe as $fn$
      select date_trunc('day', at at time zone 'UTC') at time zone 'UTC'
             + case when at = date_trunc('day', at at time zone 'UTC') at time zone 'UTC' then interval '0' else interval '1 microsecond' end
    $fn$;

    -- Whether this session reads timestamps in UTC, the zone of medical_event_day's days.
    create function utc_session() returns boolean language sql stable parallel safe as $fn$
      select lower(current_setting('TimeZone')) = any('{utc,etc/utc,uct,etc/uct,universal,etc/universal,zulu,etc/zulu,gmt,etc/gmt,gmt0,etc/gmt0,etc/gmt+0,etc/gmt-0,greenwich,etc/greenwich}')
    $fn$;

    create table medical_event_day (
      division_uid uuid not null,
      event_date timestamptz not null,
      medical_event_type_uid uuid not null,
      status_uid uuid not null,
      outcome_uid uuid,
      restricted_flag char(1) not null,
      adoption_case boolean not null,
      events integer not null,
      constraint medical_event_day_key unique nulls not distinct (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case)
    );

    insert into medical_event_day (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, events)
    select p.division_uid, medical_event_day_key(me.event_date), me.medical_event_type_uid, me.status_uid, uuid_or_null(me.detail ->> 'outcome'),
           p.restricted_flag, p.adoption_case, count(*)
      from medical_event me join patient p on p.patient_uid = me.patient_uid
     group by 1, 2, 3, 4, 5, 6, 7;

    -- One statement's changed events, counted per key in one upsert (in key order, so two writers never wait on each other in a circle).
    -- An update that changes nothing counted nets to zero and touches no row.
    create function medical_event_day_count() returns trigger language plpgsql as $fn$
    declare
      facts constant text := 'select patient_uid, event_date, medical_event_type_uid, status_uid, detail, %s as change from %I';
    begin
      execute format($q$
        insert into medical_event_day as d (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, events)
        select p.division_uid, medical_event_day_key(c.event_date), c.medical_event_type_uid, c.status_uid, uuid_or_null(c.detail ->> 'outcome'),
               p.restricted_flag, p.adoption_case, sum(c.change)::int
          from (%s) c join patient p on p.patient_uid = c.patient_uid
         group by 1, 2, 3, 4, 5, 6, 7 having sum(c.change) <> 0
         order by 1, 2, 3, 4, 5, 6, 7
        on conflict on constraint medical_event_day_key do update set events = d.events + excluded.events
      $q$, case tg_op when 'INSERT' then format(facts, 1, 'changed_new')
                      when 'DELETE' then format(facts, -1, 'changed_old')
                      else format(facts, -1, 'changed_old') || ' union all ' || format(facts, 1, 'changed_new') end);
      return null;
    end $fn$;
    create trigger medical_event_day_on_insert after insert on medical_event
      referencing new table as changed_new for each statement execute function medical_event_day_count();
    create trigger medical_event_day_on_update after update on medical_event
      referencing old table as changed_old new table as changed_new for each statement execute function medical_event_day_count();
    create trigger medical_event_day_on_delete after delete on medical_event
      referencing old table as changed_old for each statement execute function medical_event_day_count();

    -- A patient's events move with it to another division or access class. Before a patient is
    -- deleted its events leave the counts: the cascade that deletes them no longer finds the patient.
    create function medical_event_day_patient_changed() returns trigger language plpgsql as $fn$
    begin
      insert into medical_event_day as d (division_uid, event_date, medical_event_type_uid, status_uid, outcome_uid, restricted_flag, adoption_case, events)
      select x.division_uid, medical_event_day_key(me.event_date), me.medical_event_type_uid, me.status_uid, uuid_or_null(me.detail ->> 'outcome'),
             x.restricted_flag, x.adoption_case, sum(x.change)::int
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
    create trigger medical_event_day_patient_moved after update on patient for each row
      when ((old.division_uid, old.restricted_flag, old.adoption_case) is distinct from (new.division_uid, new.restricted_flag, new.adoption_case))
      execute function medical_event_day_patient_changed();
    create trigger medical_event_day_patient_deleted before delete on patient for each row
      execute function medical_event_day_patient_changed();

    -- The same counts without status and outcome (a quarter of the rows), for charts by date and type; kept from medical_event_day's changes.
    create table medical_event_day_type (
      division_uid uuid not null,
      event_date timestamptz not null,
      medical_event_type_uid uuid not null,
      restricted_flag char(1) not null,
      adoption_case boolean not null,
      events integer not null,
      constraint medical_event_day_type_key unique (division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case)
    );
    insert into medical_event_day_type (division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case, events)
    select division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case, sum(events)
      from medical_event_day group by 1, 2, 3, 4, 5;
    create function medical_event_day_type_count() returns trigger language plpgsql as $fn$
    begin
      insert into medical_event_day_type as d (division_uid, event_date, medical_event_type_uid, restricted_flag, adoption_case, events)
      values (new.division_uid, new.event_date, new.medical_event_type_uid, new.restricted_flag, new.adoption_case,
              new.events - case when tg_op = 'UPDATE' then old.events else 0 end)
      on conflict on constraint medical_event_day_type_key do update set events = d.events + excluded.events;
      return null;
    end $fn$;
    create trigger medical_event_day_type_count after insert or update of events on medical_event_day
      for each row execute function medical_event_day_type_count();

    create view report_medical_event_type_count_view as
      select d.division_uid, d.event_date, m.label as medical_event_label, d.restricted_flag, d.adoption_case, d.events
        from medical_event_day_type d
        join reference_data m on m.uid = d.medical_event_type_uid;

    create view report_medical_event_count_view as
      select d.division_uid, d.event_date, m.label as medical_event_label, s.label as status_label, o.label as outcome_label,
             d.restricted_flag, d.adoption_case, d.events
        from medical_event_day d
        join reference_data m on m.uid = d.medical_event_type_uid
        join reference_data s on s.uid = d.status_uid
        left join reference_data o on o.uid = d.outcome_uid;

    create or replace view report_medical_event_view as
      select me.medical_event_uid, me.patient_uid, p.first_name, p.last_name, me.event_date,
             me.medical_event_label, s.label as status_label, o.label as outcome_label, f.facility_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case,
             me.provider_uid, me.facility_uid
        from medical_event me
        join patient p on p.patient_uid = me.patient_uid
        join reference_data s on s.uid = me.status_uid
        left join reference_data o on o.uid = uuid_or_null(me.detail ->> 'outcome')
        left join facility f on f.facility_uid = me.facility_uid;

    create index patient_restricted on patient (division_uid) where restricted_flag = '1';

    analyze medical_event;
    analyze medical_event_day;
    analyze medical_event_day_type;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
