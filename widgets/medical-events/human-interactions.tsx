import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useEffect, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import {
  DUPLICATE_DEBOUNCE_MS,
  duplicateQueryOf,
  MAX_HUMAN_INTERACTIONS,
  OTHER_CONTACT_TYPES,
  TELEPHONE_TYPES,
  type HumanInteraction,
} from '../../shared/schemas/human-interactions';
import type { MedicalEventValues } from '../../shared/schemas/medical-events';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { AddAction } from '../kit/add-action';
import { CheckboxField } from '../kit/checkbox-field';
import { digitsOnly, Field, SelectField, type Choice } from '../kit/forms';
import { DUPLICATES_FAILED, DUPLICATES_FOUND, DUPLICATES_RUNNING, findPossibleDuplicates, NO_DUPLICATES, type PossibleDuplicate } from '../kit/possible-duplicates';
import { useDebounced } from '../kit/use-debounced';

type Form = UseFormReturn<MedicalEventValues>;

export const PERSON_FIELD_LABELS: Record<Exclude<keyof HumanInteraction, 'id' | 'isActive'>, string> = {
  otherContactType: 'Relationship',
  firstName: 'First Name',
  lastName: 'Last Name',
  fullName: 'Street or Common Name',
  telephoneType: 'Telephone Type',
  telephoneNumber: 'Telephone Number',
  email: 'Email',
  birthDate: 'Birth Date',
  gender: 'Gender',
  createPatient: 'Create Patient',
  patient: 'Patient Record',
};

/** A new person: every text empty, active, not (yet) a patient. */
export const blankPerson = (): HumanInteraction => ({
  otherContactType: '',
  firstName: '',
  lastName: '',
  fullName: '',
  telephoneType: '',
  telephoneNumber: '',
  createPatient: false,
  patient: '',
  email: '',
  birthDate: '',
  gender: '',
  isActive: true,
});

/** A stored entry as the form edits it ('' for null). */
export const formPerson = (e: HumanInteraction): HumanInteraction => ({
  ...blankPerson(),
  ...Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v ?? ''])),
  id: e.id ?? undefined,
  createPatient: !!e.createPatient,
  isActive: e.isActive !== false,
});

type Check = { status: 'running' } | { status: 'found'; rows: PossibleDuplicate[] } | { status: 'none' } | { status: 'failed' };

/** Spec 002 section 5: asked 1000 ms after the last change, once the names (and, in the community app, gender and birth date) allow. */
function useDuplicateCheck(person: HumanInteraction, communityMode: boolean): Check | null {
  const client = useWidgetApi();
  const query = duplicateQueryOf(person, communityMode);
  const key = query ? JSON.stringify(query) : null;
  const settled = useDebounced(key, DUPLICATE_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ key: string; check: Check } | null>(null);
  useEffect(() => {
    if (!settled) return;
    let live = true;
    setAnswer({ key: settled, check: { status: 'running' } });
    findPossibleDuplicates(client, JSON.parse(settled))
      .then((rows) => live && setAnswer({ key: settled, check: rows.length ? { status: 'found', rows } : { status: 'none' } }))
      .catch(() => live && setAnswer({ key: settled, check: { status: 'failed' } }));
    return () => {
      live = false;
    };
  }, [client, settled]);
  return key !== null && key === settled && answer?.key === key ? answer.check : null;
}

function DuplicateCheck({ check, onLink, readOnly }: { check: Check | null; onLink: (row: PossibleDuplicate) => void; readOnly: boolean }) {
  if (!check) return null;
  if (check.status === 'running') return <p className="duplicate-check" role="status">{DUPLICATES_RUNNING}</p>;
  if (check.status === 'none') return <p className="duplicate-check" role="status">{NO_DUPLICATES}</p>;
  if (check.status === 'failed') return <p className="duplicate-check field-error" role="status">{DUPLICATES_FAILED}</p>;
  return (
    <div className="duplicate-check found" role="status">
      <strong>{DUPLICATES_FOUND}</strong>
      <ul>
        {check.rows.map((row) => (
          <li key={row.id}>
            <span>
              {row.firstName} {row.lastName}
              {row.birthDate && `, born ${formatDate(row.birthDate)}`}
              {row.genderLabel && `, ${row.genderLabel}`}
            </span>
            {!readOnly && (
              <button type="button" className="link-button" onClick={() => onLink(row)}>
                This Is the Same Person
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Person({ form, index, number, genders, communityMode, readOnly, onRemove }: { form: Form; index: number; number: number; genders: Choice[]; communityMode: boolean; readOnly: boolean; onRemove: () => void }) {
  const at = <K extends keyof HumanInteraction>(name: K) => `detailObject.humanInteractions.${index}.${name}` as const;
  const person = form.watch(`detailObject.humanInteractions.${index}`) as HumanInteraction;
  const check = useDuplicateCheck(person, communityMode);
  const tr = useTranslate();
  const linked = !!person.patient;
  const link = (row: PossibleDuplicate) => {
    form.setValue(at('patient'), row.id, { shouldDirty: true });
    form.setValue(at('createPatient'), false, { shouldDirty: true });
  };
  return (
    <fieldset className="person" data-person={number}>
      <legend>Person {number}</legend>
      <div className="person-grid">
        <SelectField form={form} name={at('otherContactType')} label={PERSON_FIELD_LABELS.otherContactType} options={OTHER_CONTACT_TYPES} />
        <Field form={form} name={at('firstName')} label={PERSON_FIELD_LABELS.firstName} />
        <Field form={form} name={at('lastName')} label={PERSON_FIELD_LABELS.lastName} />
        <Field form={form} name={at('fullName')} label={PERSON_FIELD_LABELS.fullName} hint="When no legal name is given" />
        <SelectField form={form} name={at('telephoneType')} label={PERSON_FIELD_LABELS.telephoneType} options={TELEPHONE_TYPES} />
        <Field form={form} name={at('telephoneNumber')} label={PERSON_FIELD_LABELS.telephoneNumber} hint="Digits only">
          {(control) => <input {...control} type="tel" inputMode="numeric" {...form.register(at('telephoneNumber'), { setValueAs: digitsOnly })} />}
        </Field>
        <Field form={form} name={at('email')} label={PERSON_FIELD_LABELS.email} type="email" />
        <Field form={form} name={at('birthDate')} label={PERSON_FIELD_LABELS.birthDate} type="date" />
        <SelectField form={form} name={at('gender')} label={PERSON_FIELD_LABELS.gender} options={genders} />
      </div>
      {linked ? (
        <p className="person-linked">
          {tr(person.createPatient ? 'Added as a patient of this division.' : 'Linked to an existing patient record.')}
          {!readOnly && !person.id && (
            <button type="button" className="link-button" onClick={() => form.setValue(at('patient'), '', { shouldDirty: true })}>
              Unlink
            </button>
          )}
        </p>
      ) : (
        <>
          <DuplicateCheck check={check} onLink={link} readOnly={readOnly} />
          <CheckboxField form={form} name={at('createPatient')} label={tr('Create a patient record for this person when saving')} />
        </>
      )}
      {!readOnly && (
        <SlButton size="small" variant="text" onClick={onRemove}>
          Remove Person {number}
        </SlButton>
      )}
    </fieldset>
  );
}

/**
 * Spec 002 "Medical event forms": the people met during a survivor or other
 * interaction. Each entry runs the duplicate check; a match can be linked, or
 * the person made a patient when the event is saved. A saved entry is only
 * marked inactive when removed, so a patient it created stays traceable.
 */
export function HumanInteractions({ form, genders, communityMode, readOnly }: { form: Form; genders: Choice[]; communityMode: boolean; readOnly: boolean }) {
  const people = useFieldArray({ control: form.control, name: 'detailObject.humanInteractions' as never, keyName: 'key' });
  const values = (form.watch('detailObject.humanInteractions') ?? []) as HumanInteraction[];
  const shown = people.fields.map((f, index) => ({ key: (f as { key: string }).key, index })).filter(({ index }) => values[index]?.isActive !== false);
  const remove = (index: number) => (values[index]?.id ? form.setValue(`detailObject.humanInteractions.${index}.isActive`, false, { shouldDirty: true }) : people.remove(index));
  return (
    <fieldset className="human-interactions">
      <legend>Human Interactions</legend>
      {shown.length === 0 && <p className="field-hint">No one else was met.</p>}
      {shown.map(({ key, index }, n) => (
        <Person key={key} form={form} index={index} number={n + 1} genders={genders} communityMode={communityMode} readOnly={readOnly} onRemove={() => remove(index)} />
      ))}
      {!readOnly && values.length < MAX_HUMAN_INTERACTIONS && (
        <div>
          <AddAction onClick={() => people.append(blankPerson() as never)} label="Add Person" />
        </div>
      )}
    </fieldset>
  );
}
