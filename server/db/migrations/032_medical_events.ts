import { sql, type Kysely } from 'kysely';
import { referenceName } from '../reference-lists/names';
import { INTERACTION_TYPES, MEDICAL_EVENT_REASONS, MEDICAL_EVENT_STATUSES, MEDICAL_EVENT_TYPES, REFERRAL_OUTCOMES } from '../reference-lists/medical-events';

/**
 * Medical events (spec 002 sections 1-3, issue 10):
 * - the `reference-medical-event` rows of migration 005 get their definition
 *   (medicalEventName, medicalEventLabel, the plural the list is titled with,
 *   propertyRules) in `attributes`, so the form, the server and the list read
 *   one set of rules;
 * - statuses and reasons per type (`ref_data_type` medical_event__{name}),
 *   interaction types and referral outcomes;
 * - `medical_event` gains what the form records: reason, location, the
 *   detail members (the existing `detail` column), whether the note is
 *   internal, and who changed it last;
 * - one menu item per type: the four the care modes record, and the crisis
 *   interventions CIT staff read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of MEDICAL_EVENT_TYPES) {
    await sql`
      update reference_data
         set attributes = attributes || jsonb_build_object('medicalEventName', name, 'medicalEventLabel', label,
                                                           'medicalEventPluralLabel', ${t.plural}::text, 'propertyRules', ${JSON.stringify(t.rules)}::jsonb)
       where model = 'reference-medical-event' and name = ${t.name}`.execute(db);
  }
  const rows: { model: string; name: string; label: string; type: string | null; order: number }[] = [
    ...Object.entries(MEDICAL_EVENT_STATUSES).flatMap(([event, labels]) =>
      labels.map((label, order) => ({ model: 'reference-status', name: referenceName(label), label, type: `medical_event__${event}`, order })),
    ),
    ...Object.entries(MEDICAL_EVENT_REASONS).flatMap(([event, labels]) =>
      labels.map((label, order) => ({ model: 'reference-reason', name: referenceName(label), label, type: `medical_event__${event}`, order })),
    ),
    ...INTERACTION_TYPES.map((label, order) => ({ model: 'reference-medical-event-interaction', name: referenceName(label), label, type: null, order })),
    ...REFERRAL_OUTCOMES.map((label, order) => ({ model: 'reference-medical-event-outcome', name: referenceName(label), label, type: null, order })),
  ];
  await sql`
    insert into reference_data (model, name, label, ref_data_type, default_sort_order)
    select r.model, r.name, r.label, r.type, r.ord
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, ord: r.order })))}::jsonb) as r(model text, name text, label text, type text, ord integer)`.execute(db);

  await sql`
    alter table medical_event
      add column reason_uid uuid references reference_data,
      add column location jsonb,
      add column note_is_internal boolean not null default false,
      add column created_by uuid references app_user,
      add column updated_at timestamptz;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Drug Overdoses', 'patient', 'medical-events/drug_overdose', 41, '{medicalEvent}'),
      ('patient', 'Survivor Interactions', 'patient', 'medical-events/survivor_interaction', 42, '{medicalEvent}'),
      ('patient', 'Other Interactions', 'patient', 'medical-events/other_interaction', 43, '{medicalEvent}'),
      ('patient', 'Treatment Referrals', 'patient', 'medical-events/treatment_referral', 44, '{medicalEvent}'),
      ('patient', 'Crisis Interventions', 'patient', 'medical-events/cit', 45, '{medicalEvent,hasAppCit}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
