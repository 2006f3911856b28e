import { sql } from 'kysely';
import type { Db } from '../connect';

/**
 * The calendar's demo medical events (seedCalendar) carry the calendar's
 * statuses; here each form type's events get a status of their own type that
 * counts as the same calendar status where one does (so the calendar looks the
 * same), and the detail members their form requires, so opening one shows a
 * complete event. Crisis interventions stay as they are: theirs come from CIT
 * sheets.
 */
export async function seedMedicalEvents(db: Db): Promise<void> {
  // Calendar status → the type's status: [event type, calendar status name, the type's status name].
  const mapping: [string, string, string][] = [
    ['drug_overdose', 'scheduled', 'reported'],
    ['drug_overdose', 'requested', 'reported'],
    ['drug_overdose', 'pending pre-auth', 'confirmed'],
    ['drug_overdose', 'completed', 'confirmed'],
    ['survivor_interaction', 'scheduled', 'scheduled'],
    ['survivor_interaction', 'requested', 'attempted'],
    ['survivor_interaction', 'pending pre-auth', 'attempted'],
    ['survivor_interaction', 'completed', 'completed'],
    ['other_interaction', 'scheduled', 'scheduled'],
    ['other_interaction', 'requested', 'attempted'],
    ['other_interaction', 'pending pre-auth', 'attempted'],
    ['other_interaction', 'completed', 'completed'],
    ['treatment_referral', 'scheduled', 'referred'],
    ['treatment_referral', 'requested', 'referred'],
    ['treatment_referral', 'pending pre-auth', 'referred'],
    ['treatment_referral', 'completed', 'connected'],
  ];
  await sql`
    update medical_event me
       set status_uid = target.uid
      from jsonb_to_recordset(${JSON.stringify(mapping.map(([event, from, to]) => ({ event, from, to })))}::jsonb) as m(event text, "from" text, "to" text),
           reference_data t, reference_data cal, reference_data target
     where t.uid = me.medical_event_type_uid and t.model = 'reference-medical-event' and t.name = m.event
       and cal.uid = me.status_uid and cal.model = 'reference-status' and cal.ref_data_type = 'calendar' and cal.name = m."from"
       and target.model = 'reference-status' and target.ref_data_type = 'medical_event__' || m.event and target.name = m."to"`.execute(db);

  // Every event of a type gets that type's required answers; counts only on completed survivor interactions.
  await sql`
    update medical_event me
       set detail = case t.name
             when 'drug_overdose' then case when (extract(epoch from me.event_date)::bigint / 60) % 2 = 0
               then '{"naloxoneAdministered":"yes","naloxoneAdministeredBy":"ems","routeOfNaloxoneAdministration":"nasal","amountOfNaloxoneGiven":"4","wasOverdoseFatal":"no","acceptedTreatment":"accepted","wasTransportedToHospital":"yes"}'::jsonb
               else '{"naloxoneAdministered":"no","wasOverdoseFatal":"no","acceptedTreatment":"refused","wasTransportedToHospital":"no"}'::jsonb end
             when 'survivor_interaction' then '{"contactAttemptType":"Phone","contactPhase":"Follow-up","survivorContacted":"yes","leftFlyer":"no"}'::jsonb
               || case when s.name = 'completed' then '{"kitsDistributed":"2","ftStripsDistributed":"5"}'::jsonb else '{}'::jsonb end
             when 'other_interaction' then jsonb_build_object('type', (select uid from reference_data where model = 'reference-medical-event-interaction' order by default_sort_order limit 1),
                                                             'method', 'Phone')
             when 'treatment_referral' then case when s.name = 'connected'
               then jsonb_build_object('outcome', (select uid from reference_data where model = 'reference-medical-event-outcome' order by default_sort_order offset 1 limit 1),
                                       'outcomeDate', to_char(me.event_date at time zone me.event_time_zone, 'YYYY-MM-DD'))
               else '{}'::jsonb end
           end,
           reason_uid = case when t.name = 'treatment_referral'
             then (select uid from reference_data where model = 'reference-reason' and ref_data_type = 'medical_event__treatment_referral' order by default_sort_order limit 1)
             else me.reason_uid end
      from reference_data t, reference_data s
     where t.uid = me.medical_event_type_uid and s.uid = me.status_uid and t.name <> 'cit'`.execute(db);
}
