import { sql, type Kysely } from 'kysely';

/**
 * The patient list's total at 1,000,000 patients (issue 15: p99 under 100 ms):
 * an exact count of a division's visible patients visited every one of them
 * (0.64 s on two cores), and the count cache let one call in three seconds pay
 * it: p99 595 ms for a p50 of 41. `patient_division_count` keeps how many
 * patients each division has per access class (restricted_flag,
 * adoption_case), in the transaction of every insert, delete and change of
 * those facts; the list's total sums the classes the caller sees whole and
 * counts the restricted patients the caller sees as a case worker one by one
 * (server/patients/patients.views.ts, engine.ts `counts`). Each key has a row
 * per writing connection's slot (migration 056's), so patients added at once
 * in one division do not queue on one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_division_count (
      division_uid uuid not null,
      restricted_flag char(1) not null,
      adoption_case boolean not null,
      slot smallint not null,
      patients integer not null,
      constraint patient_division_count_key unique (division_uid, restricted_flag, adoption_case, slot)
    );
    insert into patient_division_count (division_uid, restricted_flag, adoption_case, slot, patients)
    select division_uid, restricted_flag, adoption_case, 0, count(*) from patient group by 1, 2, 3;

    -- Under the names the data-view engine reads (ViewCounts): the view's columns and each group's count as events.
    create view patient_list_count_view as
      select division_uid, restricted_flag, adoption_case, patients as events from patient_division_count;

    -- One statement's patients per key in one upsert, in key order (two writers never wait on each other in a circle).
    create function patient_division_count_rows() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        insert into patient_division_count as c (division_uid, restricted_flag, adoption_case, slot, patients)
        select division_uid, restricted_flag, adoption_case, medical_event_count_slot(), count(*)::int
          from changed_new group by 1, 2, 3 order by 1, 2, 3
        on conflict on constraint patient_division_count_key do update set patients = c.patients + excluded.patients;
      else
        insert into patient_division_count as c (division_uid, restricted_flag, adoption_case, slot, patients)
        select division_uid, restricted_flag, adoption_case, medical_event_count_slot(), -count(*)::int
          from changed_old group by 1, 2, 3 order by 1, 2, 3
        on conflict on constraint patient_division_count_key do update set patients = c.patients + excluded.patients;
      end if;
      return null;
    end $fn$;
    create trigger patient_division_count_on_insert after insert on patient
      referencing new table as changed_new for each statement execute function patient_division_count_rows();
    create trigger patient_division_count_on_delete after delete on patient
      referencing old table as changed_old for each statement execute function patient_division_count_rows();

    -- Per row and only when a counted fact changes: most patient updates (names, referral facts) skip it in the WHEN test.
    create function patient_division_count_moved() returns trigger language plpgsql as $fn$
    begin
      insert into patient_division_count as c (division_uid, restricted_flag, adoption_case, slot, patients)
      select x.division_uid, x.restricted_flag, x.adoption_case, medical_event_count_slot(), x.change
        from (values (old.division_uid, old.restricted_flag, old.adoption_case, -1), (new.division_uid, new.restricted_flag, new.adoption_case, 1))
             x(division_uid, restricted_flag, adoption_case, change)
       order by 1, 2, 3
      on conflict on constraint patient_division_count_key do update set patients = c.patients + excluded.patients;
      return null;
    end $fn$;
    create trigger patient_division_count_on_update after update of division_uid, restricted_flag, adoption_case on patient
      for each row when ((old.division_uid, old.restricted_flag, old.adoption_case) is distinct from (new.division_uid, new.restricted_flag, new.adoption_case))
      execute function patient_division_count_moved();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
