import { useMemo } from 'react';
import { TIME_ZONES } from '../../shared/cit-options';
import { homeMode } from '../../shared/modes';
import { MAX_HUMAN_INTERACTIONS, type HumanInteraction } from '../../shared/schemas/human-interactions';
import {
  DEFAULT_TIME_ZONE,
  DETAIL_OPTIONS,
  FORM_EVENT_NAMES,
  medicalEventSchema,
  shownDetails,
  todayIn,
  type AnswerMember,
  type MedicalEventName,
  type MedicalEventType,
  type MedicalEventValues,
} from '../../shared/schemas/medical-events';
import { useEmit } from '../../shared/widget/emit';
import { AddressSearch, fillAddress, type AddressSuggestion } from '../kit/address-search';
import { CheckboxField } from '../kit/checkbox-field';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { CheckboxGroup, digitsOnly, Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { useFacilities, type FacilityOption } from '../kit/use-facilities';
import { useFlags } from '../kit/use-flags';
import { useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import { usePrimaryAddress, type Address } from '../face-sheet/face-sheet.resource';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useProviders, type ProviderOption } from '../kit/use-providers';
import { useDeactivateEventNote, useEventType, useMedicalEvent, useSaveMedicalEvent, type MedicalEvent } from './medical-events.resource';
import { HumanInteractions, formPerson, PERSON_FIELD_LABELS } from './human-interactions';
import { PreviousNotes } from './previous-notes';

/** Spec 001 section 8 (the record's forms share these texts). */
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';

const DETAIL_LABELS: Record<AnswerMember, string> = {
  naloxoneAdministered: 'Naloxone Administered',
  naloxoneAdministeredBy: 'Naloxone Administered By',
  routeOfNaloxoneAdministration: 'Route of Naloxone Administration',
  amountOfNaloxoneGiven: 'Amount of Naloxone Given (mg)',
  wasOverdoseFatal: 'Was the Overdose Fatal',
  acceptedTreatment: 'Accepted Treatment',
  wasTransportedToHospital: 'Transported to Hospital',
  contactAttemptType: 'Contact Attempt Type',
  contactPhase: 'Contact Phase',
  survivorContacted: 'Survivor Contacted',
  leftFlyer: 'Left Flyer',
  kitsDistributed: 'Naloxone Kits Distributed',
  ftStripsDistributed: 'Fentanyl Test Strips Distributed',
  xyStripsDistributed: 'Xylazine Test Strips Distributed',
  doScheduleAnother: 'Schedule Another Interaction',
  nextInteractionDate: 'Next Interaction Date',
  type: 'Interaction Type',
  name: 'Interaction Name',
  method: 'Method',
  otherContactType: 'Contact Relationship',
  otherContactName: 'Contact Name',
  otherContactPhone: 'Contact Phone',
  outcome: 'Outcome',
  outcomeDate: 'Outcome Date',
  referToRole: 'Refer To',
};
const PROVIDERS_LABEL = 'Providers';

const LABELS: Record<string, string> = {
  eventDate: 'Event Date',
  eventTime: 'Event Time',
  eventTimeZone: 'Time Zone',
  statusUid: 'Status',
  reasonUid: 'Reason',
  providerUid: 'Provider',
  facilityUid: 'Facility',
  'location.locationName': 'Location Name',
  'location.addr1': 'Address Line 1',
  'location.addr2': 'Address Line 2',
  'location.city': 'City',
  'location.provinceIso': 'State',
  'location.county': 'County',
  'location.postCode': 'Zip Code',
  'detailObject.providers': PROVIDERS_LABEL,
  notes: 'Notes',
  ...Object.fromEntries(Object.entries(DETAIL_LABELS).map(([k, v]) => [`detailObject.${k}`, v])),
  ...Object.fromEntries(
    Array.from({ length: MAX_HUMAN_INTERACTIONS }, (_, i) => Object.entries(PERSON_FIELD_LABELS).map(([k, v]) => [`detailObject.humanInteractions.${i}.${k}`, `Person ${i + 1} ${v}`])).flat(),
  ),
};

const NUMBER_MEMBERS: AnswerMember[] = ['amountOfNaloxoneGiven', 'kitsDistributed', 'ftStripsDistributed', 'xyStripsDistributed'];
const DATE_MEMBERS: AnswerMember[] = ['nextInteractionDate', 'outcomeDate'];

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function valuesOf(name: string, e: MedicalEvent | null): MedicalEventValues {
  const d = e?.detailObject ?? {};
  return {
    medicalEventName: name,
    eventDate: e?.eventDateLocal ?? todayIn(DEFAULT_TIME_ZONE),
    eventTime: e?.eventTime ?? '',
    eventTimeZone: e?.eventTimeZone ?? DEFAULT_TIME_ZONE,
    statusUid: e?.statusUid ?? '',
    reasonUid: e?.reasonUid ?? '',
    providerUid: e?.providerUid ?? '',
    facilityUid: e?.facilityUid ?? '',
    // A new note each time: the event's earlier notes are listed below the form.
    notes: '',
    noteIsInternal: false,
    location: {
      isHomeAddress: !!e?.location?.isHomeAddress,
      addr1: text(e?.location?.addr1),
      addr2: text(e?.location?.addr2),
      city: text(e?.location?.city),
      county: text(e?.location?.county),
      locationName: text(e?.location?.locationName),
      provinceIso: text(e?.location?.provinceIso),
      postCode: text(e?.location?.postCode),
    },
    detailObject: {
      ...Object.fromEntries(Object.keys(DETAIL_LABELS).map((k) => [k, text(d[k])])),
      providers: Array.isArray(d.providers) ? d.providers.filter((p): p is string => typeof p === 'string') : [],
      humanInteractions: ((d.humanInteractions as HumanInteraction[] | undefined) ?? []).map(formPerson),
    },
  };
}

interface Choices {
  statuses: ReferenceOption[];
  reasons: ReferenceOption[];
  interactions: ReferenceOption[];
  outcomes: ReferenceOption[];
  facilities: FacilityOption[];
  providers: ProviderOption[];
  /** Who a referral may name among its Providers. */
  referable: ProviderOption[];
  genders: ReferenceOption[];
  /** The location's states: `reference-country-division`, stored by ISO abbreviation (its name). */
  states: ReferenceOption[];
  /** Provider roles a referral is made to. */
  roles: ReferenceOption[];
  home: Address | null;
}

const refOptions = (list: ReferenceOption[]) => list.map((o) => ({ value: o.uid, label: o.label }));

function EventFields({ patientId, type, event, choices, readOnly, communityMode }: { patientId: string; type: MedicalEventType; event: MedicalEvent | null; choices: Choices; readOnly: boolean; communityMode: boolean }) {
  const emit = useEmit();
  const name = type.medicalEventName;
  const rules = type.propertyRules;
  const save = useSaveMedicalEvent(patientId, event?.medicalEventUid ?? null);
  const statusNameOf = useMemo(() => {
    const names = new Map(choices.statuses.map((s) => [s.uid, s.name]));
    return (uid: string) => names.get(uid);
  }, [choices.statuses]);
  const schema = useMemo(() => medicalEventSchema({ type, statusNameOf, todayIn, storedDate: event?.eventDateLocal }), [type, statusNameOf, event?.eventDateLocal]);
  const form = useCareForm(schema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(name, event) });
  const release = useUnsavedPrompt(form.formState.isDirty);
  const faceSheet = `/patients/${encodeURIComponent(patientId)}/face-sheet`;

  const status = form.watch('statusUid');
  const detail = form.watch('detailObject');
  const isHome = form.watch('location.isHomeAddress');
  const shown = shownDetails(name, { detailObject: detail }, status ? statusNameOf(status) : undefined);
  const answers = shown.filter((m): m is AnswerMember | 'providers' => m !== 'humanInteractions');

  // Spec 002 "Medical event forms": is-home-address fills the location, state too, from the patient's primary address.
  const fillHome = (checked: boolean) => {
    if (!checked || !choices.home) return;
    const h = choices.home;
    const set = (field: 'addr1' | 'addr2' | 'city' | 'provinceIso' | 'county' | 'postCode', value: string | null) => form.setValue(`location.${field}`, value ?? '', { shouldDirty: true });
    set('addr1', h.address1);
    set('addr2', h.address2);
    set('city', h.city);
    // A state the list does not hold (deactivated since) is left for the user to choose.
    set('provinceIso', choices.states.some((o) => o.name === h.stateIso) ? h.stateIso : '');
    set('county', h.county);
    set('postCode', h.postCode);
  };

  // Spec 002 "Address autocomplete": a found address is the location (no longer the home address); a state the list does not hold is left to choose.
  const fromSearch = (found: AddressSuggestion) => {
    if (form.getValues('location.isHomeAddress')) form.setValue('location.isHomeAddress', false, { shouldDirty: true });
    const state = choices.states.some((o) => o.name === found.state) ? found.state : '';
    fillAddress(form, { ...found, state }, { address1: 'location.addr1', city: 'location.city', county: 'location.county', state: 'location.provinceIso', postCode: 'location.postCode' });
  };

  // Spec 002 "Medical event list": save returns to the face sheet.
  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `medical-event-${patientId}-${event?.medicalEventUid ?? name}`,
    save,
    type: 'medical-events',
    patientId,
    next: faceSheet,
    saved: SAVED,
    failed: SAVE_FAILED,
    release,
  });

  const detailField = (member: AnswerMember | 'providers') => {
    if (member === 'providers') {
      const options = choices.referable.map((p) => ({ value: p.providerUid, label: p.providerRoleLabel ? `${p.displayName} (${p.providerRoleLabel})` : p.displayName }));
      if (options.length === 0) return null;
      return <CheckboxGroup key={member} form={form} name="detailObject.providers" label={PROVIDERS_LABEL} choices={options} />;
    }
    const field = `detailObject.${member}` as const;
    const label = DETAIL_LABELS[member];
    if (member === 'type') return <SelectField key={member} form={form} name={field} label={label} options={refOptions(choices.interactions)} />;
    if (member === 'referToRole') return <SelectField key={member} form={form} name={field} label={label} options={refOptions(choices.roles)} empty="None" />;
    if (member === 'outcome') return <SelectField key={member} form={form} name={field} label={label} options={refOptions(choices.outcomes)} />;
    const options = DETAIL_OPTIONS[member];
    if (options) return <SelectField key={member} form={form} name={field} label={label} options={options} />;
    if (NUMBER_MEMBERS.includes(member)) {
      return (
        <Field key={member} form={form} name={field} label={label}>
          {(control) => <input {...control} inputMode="decimal" {...form.register(field)} />}
        </Field>
      );
    }
    if (DATE_MEMBERS.includes(member)) return <Field key={member} form={form} name={field} label={label} type="date" />;
    if (member === 'otherContactPhone') {
      return (
        <Field key={member} form={form} name={field} label={label} hint="Digits only">
          {(control) => <input {...control} type="tel" inputMode="numeric" {...form.register(field, { setValueAs: digitsOnly })} />}
        </Field>
      );
    }
    return <Field key={member} form={form} name={field} label={label} />;
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={LABELS} />
      <fieldset disabled={readOnly} className="plain-fieldset">
        <Field form={form} name="eventDate" label={LABELS.eventDate} type="date" hint="MM/DD/YYYY" />
        {rules.eventTime.show && <Field form={form} name="eventTime" label={LABELS.eventTime} type="time" hint={rules.eventTime.required ? undefined : 'Optional'} />}
        {rules.eventTimeZone.show && <SelectField form={form} name="eventTimeZone" label={LABELS.eventTimeZone} options={TIME_ZONES} />}
        {rules.status.show && <SelectField form={form} name="statusUid" label={LABELS.statusUid} options={refOptions(choices.statuses)} empty="Choose a status" />}
        {rules.reason.show && <SelectField form={form} name="reasonUid" label={LABELS.reasonUid} options={refOptions(choices.reasons)} empty={rules.reason.required ? 'Choose a reason' : 'None'} />}
        {rules.provider.show && (
          <SelectField form={form} name="providerUid" label={LABELS.providerUid} options={choices.providers.map((p) => ({ value: p.providerUid, label: p.displayName }))} empty="None" />
        )}
        {rules.facility.show && (
          <SelectField form={form} name="facilityUid" label={LABELS.facilityUid} options={choices.facilities.map((f) => ({ value: f.facilityUid, label: f.facilityName }))} empty={rules.facility.required ? 'Choose a facility' : 'None'} />
        )}
        {rules.location.show && (
          <fieldset className="event-location">
            <legend>Location</legend>
            <div className="field checkbox-field" data-field="location.isHomeAddress">
              <label>
                <input type="checkbox" {...form.register('location.isHomeAddress', { onChange: (e) => fillHome(e.target.checked) })} /> Is Home Address
              </label>
              {isHome && !choices.home && <span className="field-hint">The patient has no address on file.</span>}
            </div>
            {!readOnly && <AddressSearch name="location" label="Location Address Search" onChoose={fromSearch} />}
            <Field form={form} name="location.locationName" label={LABELS['location.locationName']} />
            <Field form={form} name="location.addr1" label={LABELS['location.addr1']} />
            <Field form={form} name="location.addr2" label={LABELS['location.addr2']} />
            <Field form={form} name="location.city" label={LABELS['location.city']} />
            <SelectField form={form} name="location.provinceIso" label={LABELS['location.provinceIso']} options={choices.states.map((o) => ({ value: o.name, label: o.label }))} empty="None" />
            <Field form={form} name="location.county" label={LABELS['location.county']} />
            <Field form={form} name="location.postCode" label={LABELS['location.postCode']} />
          </fieldset>
        )}
        {answers.length > 0 && (
          <fieldset className="event-details-members">
            <legend>{type.medicalEventLabel} Information</legend>
            {answers.map(detailField)}
          </fieldset>
        )}
        {shown.includes('humanInteractions') && <HumanInteractions form={form} genders={refOptions(choices.genders)} communityMode={communityMode} readOnly={readOnly} />}
        <Field form={form} name="notes" label={LABELS.notes}>
          {(control) => <textarea {...control} rows={3} {...form.register('notes')} />}
        </Field>
        <CheckboxField form={form} name="noteIsInternal" label="Internal Note" />
      </fieldset>
      {readOnly ? null : <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: faceSheet })} />}
    </form>
  );
}

const css = /* css */ `
.plain-fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: var(--care-space-s); min-width: 0; }
.event-location, .event-details-members { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-s) var(--care-space-m); display: flex; flex-direction: column; gap: var(--care-space-s); min-width: 0; }
.human-interactions, .person { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-s) var(--care-space-m); display: flex; flex-direction: column; gap: var(--care-space-s); min-width: 0; }
.person-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: var(--care-space-s) var(--care-space-m); align-items: end; }
.person sl-button { align-self: flex-start; }
.duplicate-check { margin: 0; }
.duplicate-check ul { margin: var(--care-space-2xs) 0 0; padding-left: var(--care-space-l); }
.duplicate-check li { display: flex; flex-wrap: wrap; gap: var(--care-space-s); align-items: baseline; }
.person-linked { margin: 0; display: flex; gap: var(--care-space-s); align-items: baseline; }
.event-location legend, .event-details-members legend, .human-interactions legend, .person legend { font-weight: var(--care-font-weight-semibold); padding: 0 var(--care-space-2xs); }
`;

/**
 * Spec 002 "Medical event forms": `medical-events/{name}/add` and
 * `medical-events/{name}/{id}/details`, one form driven by the type's
 * property rules and its detail members. CIT staff see it read-only.
 */
export function MedicalEventForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const name = params.name;
  const eventId = params.eventId ?? null;
  const flags = useFlags();
  const type = useEventType(name);
  const event = useMedicalEvent(eventId);
  const rules = type.data?.propertyRules;
  const statuses = useReferenceList('reference-status', { refDataType: `medical_event__${name}` });
  const reasons = useReferenceList('reference-reason', { refDataType: `medical_event__${name}` });
  const interactions = useReferenceList('reference-medical-event-interaction');
  const outcomes = useReferenceList('reference-medical-event-outcome');
  const genders = useReferenceList('reference-gender');
  const states = useReferenceList('reference-country-division');
  const roles = useReferenceList('reference-provider-role');
  const facilities = useFacilities(event.data?.facilityUid);
  const readOnly = !!flags?.hasAppCit;
  // The provider list serves the Provider field and a referral's Providers.
  const providers = useProviders((rules?.provider.show || name === 'treatment_referral') && flags !== null && !readOnly ? '' : null);
  const home = usePrimaryAddress(patientId);
  const deactivateNote = useDeactivateEventNote(eventId);
  const loads = [type, event, statuses, reasons, interactions, outcomes, genders, states, roles, facilities, providers, home];
  const error = loads.find((l) => l.error)?.error ?? null;
  const ready = flags !== null && loads.every((l) => !l.isLoading) && !error;
  const known = FORM_EVENT_NAMES.includes(name as MedicalEventName);
  const label = type.data?.medicalEventLabel ?? 'Medical Event';
  const title = eventId ? `${label} Details` : `Add ${label}`;
  // A CIT user's event keeps its providers' names although CIT staff do not list providers.
  const providerOptions = readOnly && event.data?.providerUid ? [{ providerUid: event.data.providerUid, displayName: event.data.providerName ?? '', providerRoleLabel: null }] : (providers.data ?? []);
  const referable: ProviderOption[] = readOnly ? (event.data?.referredProviders ?? []).map((p) => ({ ...p, providerRoleLabel: null })) : (providers.data ?? []);
  return (
    <SectionPage title={title}>
      <style>{css}</style>
      <LoadState isLoading={!ready && !error} error={known ? error : (error ?? new Error('Medical event type not found'))} errorText={known ? undefined : 'This event type is not recorded here'} lines={8}>
        {ready && known && type.data && (
          <>
            <EventFields
              patientId={patientId}
              type={type.data}
              event={event.data}
              readOnly={readOnly}
              communityMode={homeMode(flags) === 'community'}
              choices={{
                statuses: statuses.data!,
                reasons: reasons.data!,
                interactions: interactions.data!,
                outcomes: outcomes.data!,
                facilities: facilities.data!,
                providers: providerOptions,
                referable,
                genders: genders.data!,
                states: states.data!,
                roles: roles.data!,
                home: home.data,
              }}
            />
            {event.data && <PreviousNotes notes={event.data.previousNotes ?? []} canDeactivate={!readOnly} deactivate={deactivateNote} onChanged={event.reload} />}
          </>
        )}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
