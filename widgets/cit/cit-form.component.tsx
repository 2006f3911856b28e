import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../shared/session-store';
import type { TFunction } from 'i18next';
import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../shared/api/errors';
import {
  CHARGES, CIT_DUPLICATE_DEBOUNCE_MS, CIT_LABELS, CIT_DUPLICATE_NAME_MIN, CIT_IDENTITY_DEBOUNCE_MS, CIT_ZIP_LENGTH, CRIME_LEVELS, CRISIS_EVENTS,
  dependentsToClear, EVALUATION_INITIATED_BY, hasRealInjury, INJURED_PARTIES, LOCATION_TYPES, OTHER, PHONE_TYPES, RESPONSES, TIME_ZONES,
  TRANSPORT_BY, VETERAN_STATUSES, WEAPONS, YES_NO,
} from '../../shared/cit-options';
import { now } from '../../shared/clock';
import { ADDRESS_SEARCH_MIN_CHARS } from '../../shared/schemas/address-autocomplete';
import { citFormDefaults, CitSubmissionSchema, type CitSubmission } from '../../shared/schemas/cit';
import { formatDateTime } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { useFieldWording } from '../kit/field-wording';
import { applyServerErrors, errorOf, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { PublicFormFrame, type PublicFormBrand } from '../kit/public-form-frame';
import { sayMessage, useFormText, usePublicText } from '../kit/public-i18n';
import { DeviceNote, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { AddressSearch, fillAddress, type AddressSearchCall, type AddressSuggestion } from '../kit/address-search';
import {
  citAddressSearch, geoByZip, getPersonIncidents, identify, personMatch, searchTreatmentFacilities, submitCit, useCitContext, type CitOptions, type CitSubmitted, type Facility, type Option, type TreatmentFacility,
} from './cit.resource';
import { PreviousIncidents } from './previous-incidents';
import { TreatmentFacilitySearch } from './treatment-search';
import { CitStyles } from './cit.styles';
import { useSheetSteps, type SheetStep } from './sheet-steps';

/** Agency-user state (spec 002 section 4). */
/** OFFLINE: no connection to check the identity; the sheet opens and the server checks it when the sheet is sent (issue 39). */
export type IdentityState = 'CHECKING' | 'VERIFYING' | 'VALID' | 'INVALID' | 'OFFLINE';

/** The facilities of the agency last recognized on this device, for a sheet filled with no connection: never its code. */
const lastFacilities = (state: string) => `careweave.cit.facilities.${state}`;
const readLastFacilities = (state: string): Facility[] => {
  try {
    return JSON.parse(localStorage.getItem(lastFacilities(state)) ?? '[]') as Facility[];
  } catch {
    return [];
  }
};
type Form = UseFormReturn<CitSubmission>;

/** Moved to shared/cit-options.ts (the server's PDF uses the same labels). */
export { CIT_LABELS };

/** The sheet's words in one language, read once: every field of the sheet asks for them when it draws. */
function sheetText(t: TFunction) {
  const lists = new Map<string, Options>();
  return {
    t,
    label: (name: keyof CitSubmission) => t(`cit.fields.${name}`),
    labels: Object.fromEntries(Object.keys(CIT_LABELS).map((name) => [name, t(`cit.fields.${name}`)])),
    /** A fixed list's values (stored as they are) with their labels in the sheet's language. */
    said: (group: string, values: readonly string[]): Options => {
      const key = `${group}:${values.join('|')}`;
      if (!lists.has(key)) lists.set(key, values.map((value) => ({ value, label: t(`cit.options.${group}.${value}`) })));
      return lists.get(key)!;
    },
    yesNo: YES_NO.map((value) => ({ value, label: t(`cit.${value}`) })),
    addressSearch: {
      hint: t('addressSearch.hint'),
      searching: t('addressSearch.searching'),
      minChars: t('addressSearch.minChars', { min: ADDRESS_SEARCH_MIN_CHARS }),
      noResults: t('cit.text.noAddress'),
      completed: t('cit.text.addressCompleted'),
      failed: t('cit.text.autocompleteFailed'),
    },
  };
}
const sheetTexts = new Map<string, ReturnType<typeof sheetText>>();

/**
 * The sheet's words: the officer's language on the public form, English where
 * staff open a sheet (the kit's useFormText); labels are `cit.fields.<name>`.
 * Each of the sheet's fifty-odd fields asks for them: translated once per
 * language, not once per field (about 3,000 translations each time the sheet
 * drew, the largest part of drawing it on a slow phone; issue 39 section 4).
 */
function useSheetText() {
  const { t, language } = useFormText();
  let text = sheetTexts.get(language);
  if (!text) sheetTexts.set(language, (text = sheetText(t)));
  return text;
}

type Options = readonly { value: string; label: string }[];

function Select({ form, name, options, wide }: { form: Form; name: keyof CitSubmission; options: Options; wide?: boolean }) {
  const { t, label } = useSheetText();
  return (
    <div className={wide ? 'wide' : undefined}>
      <Field form={form} name={name as Path<CitSubmission>} label={label(name)}>
        {(c) => (
          <select {...c} {...form.register(name as Path<CitSubmission>)}>
            <option value="">{t('form.select')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
const refOptions = (list: Option[]) => list.map((o) => ({ value: o.uid, label: o.label }));

/** The keyboard each kind of field needs on a phone (issue 39): digits for zip codes, the phone pad for numbers. */
const KEYBOARDS: Partial<Record<keyof CitSubmission, 'numeric' | 'tel'>> = { postCode: 'numeric', locationPostCode: 'numeric', phoneNumber: 'tel' };

/**
 * A text field of the sheet. Nothing is offered from the browser's autofill: the officer types
 * about someone else, on what may be a shared car laptop, and their own code and name are never kept.
 */
function Text({ form, name, type = 'text', wide, hint }: { form: Form; name: keyof CitSubmission; type?: string; wide?: boolean; hint?: string }) {
  const { label } = useSheetText();
  return (
    <div className={wide ? 'wide' : undefined}>
      <Field form={form} name={name as Path<CitSubmission>} label={label(name)} type={type} hint={hint} inputMode={KEYBOARDS[name]} autoComplete="off" />
    </div>
  );
}

function Checks({ form, name, options }: { form: Form; name: keyof CitSubmission; options: Options }) {
  const { label } = useSheetText();
  const wording = useFieldWording();
  const message = errorOf(form as never, name);
  return (
    <fieldset className="checks wide" data-field={name} aria-invalid={Boolean(message)}>
      <legend>{label(name)}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="checkbox" value={o.value} {...form.register(name as Path<CitSubmission>)} />
          {o.label}
        </label>
      ))}
      {message && <span className="field-error">{wording(label(name), message)}</span>}
    </fieldset>
  );
}

function Dialog({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const { t } = useFormText();
  return (
    <div className="cit-dialog-backdrop">
      <div className="cit-dialog" role="alertdialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
        <div className="cit-buttons">
          <button type="button" className="primary" onClick={onClose}>{t('cit.okay')}</button>
        </div>
      </div>
    </div>
  );
}

/** What the officer keeps of a filed sheet (issue 32 §4). */
export interface CitReceipt {
  reference: string;
  submittedAt: string;
  pdfHref: string | null;
}

/** Only a web address is offered as the PDF link (never javascript: or data:). */
const webAddress = (href: string | null | undefined) => (href && /^(https?:\/\/|\/(?!\/))/i.test(href) ? href : null);

/** Shown instead of the (already emptied) sheet after a save, until the officer starts a new one. */
function Receipt({ receipt, onAgain }: { receipt: CitReceipt; onAgain: () => void }) {
  const { t } = useFormText();
  const heading = useRef<HTMLHeadingElement>(null);
  // The long sheet was scrolled to its Save button: show the form's top (whose team got it) and the confirmation.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    (heading.current?.closest('.public-form') ?? heading.current)?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section className="cit-receipt" aria-labelledby="cit-receipt-title" data-testid="cit-receipt">
      <h2 id="cit-receipt-title" ref={heading} tabIndex={-1}>{t('cit.receipt.title')}</h2>
      <p>{t('cit.receipt.body')}</p>
      <dl>
        <dt>{t('cit.receipt.reference')}</dt>
        <dd className="cit-reference" data-testid="cit-reference">{receipt.reference}</dd>
        <dt>{t('cit.receipt.submittedAt')}</dt>
        <dd data-testid="cit-submitted-at">{receipt.submittedAt}</dd>
        {receipt.pdfHref && (
          <>
            <dt>{t('cit.receipt.pdf')}</dt>
            <dd>
              <a href={receipt.pdfHref} target="_blank" rel="noopener noreferrer" data-testid="cit-pdf-link">{t('cit.receipt.pdfLink')}</a>
            </dd>
          </>
        )}
      </dl>
      <div className="cit-buttons">
        <button type="button" className="primary" onClick={onAgain}>{t('cit.receipt.again')}</button>
      </div>
    </section>
  );
}

export interface CitFormProps {
  /** Two-letter state of the agency, default 'oh'. */
  state?: string;
}

/** The public CIT contact sheet (spec 002 "Public CIT form"): identity first, then the sheet. */
/** Read-only debug facts: the sheet has no id until saved; coordinates come from the zip's geo data. */
function DebugFields({ coordinates, sheetId }: { coordinates: { latitude: string; longitude: string } | null; sheetId?: string }) {
  const id = useId();
  const facts: [string, string][] = [
    ['Id', sheetId ?? ''],
    ['Latitude', coordinates?.latitude ?? ''],
    ['Longitude', coordinates?.longitude ?? ''],
  ];
  return (
    <>
      {facts.map(([label, value]) => (
        <div className="field" key={label} data-debug={label}>
          <label htmlFor={`${id}-${label}`}>{label}</label>
          <input id={`${id}-${label}`} value={value} placeholder="—" readOnly />
        </div>
      ))}
    </>
  );
}

export function CitForm({ state = 'oh' }: CitFormProps) {
  const { t } = usePublicText();
  const api = useWidgetApi();
  const context = useCitContext(api, state);
  // The crisis intervention team the sheet goes to, once the officer's agency is recognized.
  const [brand, setBrand] = useState<PublicFormBrand>();
  return (
    <PublicFormFrame wide purpose={t('cit.purpose')} brand={brand} languages>
      <div className="cit-form">
        <CitStyles />
        <Toasts />
        <h1>{t('cit.title')}</h1>
        <LoadState isLoading={context.status === 'FETCHING'} error={context.status === 'ERROR' ? new Error('load') : null} isEmpty={false}>
          {context.options && <CitSheet state={state} options={context.options} onBrand={setBrand} />}
        </LoadState>
      </div>
    </PublicFormFrame>
  );
}

function CitSheet({ state, options, onBrand }: { state: string; options: CitOptions; onBrand: (brand: PublicFormBrand | undefined) => void }) {
  const { t, labels } = useSheetText();
  const api = useWidgetApi();
  const emit = useEmit();
  const form = useCareForm(CitSubmissionSchema as never, { defaultValues: citFormDefaults() as never }) as unknown as Form;
  const draft = usePersistedDraft(`cit-${state}`, form as never, ['code']);
  const startOver = () => {
    draft.clear();
    form.reset(citFormDefaults() as never);
    setIdentity('INVALID');
    setIdentityMessage('');
    setDuplicate('');
    setPersonId(null);
  };
  const showReceipt = (answer: CitSubmitted) => {
    toast(t('cit.text.saved'), 'success');
    const { emailSent, facilityName, createdAt, secureHref } = answer.data.attributes;
    if (emailSent === true) toast(t('cit.text.emailSent'), 'success');
    if (emailSent === false) setFailedFacility(facilityName ?? '');
    setReceipt({ reference: answer.data.id, submittedAt: formatDateTime(createdAt ?? now()), pdfHref: webAddress(secureHref) });
    startOver();
    emit('care-saved', { type: 'cit-submission', id: answer.data.id });
  };
  const { submit, busy, savedOnDevice } = useIdempotentSubmit<CitSubmitted>(`cit-${state}`, {
    onSavedOnDevice: startOver,
    onAnswer: showReceipt,
    onRefused: (err, sent) => {
      setReceipt(null);
      form.reset({ ...citFormDefaults(), ...sent } as never);
      form.setError('root.server' as Path<CitSubmission>, { type: 'server', message: `${t('cit.text.refusedLater')} ${err.errors.map((e) => sayMessage(e.message)).join(' ')}` });
    },
  });
  const [identity, setIdentity] = useState<IdentityState>('INVALID');
  const [identityMessage, setIdentityMessage] = useState('');
  const [facilities, setFacilities] = useState<Facility[]>([]);
  const [brand, setBrand] = useState<PublicFormBrand>();
  const [duplicate, setDuplicate] = useState('');
  // The matched person's sealed reference, for their previous incidents.
  const [personId, setPersonId] = useState<string | null>(null);
  // Spec 002: the local treatment facility search shows when the agency's division has a local treatment setting.
  const [localTreatment, setLocalTreatment] = useState(false);
  const [failedFacility, setFailedFacility] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<CitReceipt | null>(null);

  const [codeTyped, officerTyped, firstTyped, lastTyped, genderChosen] = useWatch({ control: form.control, name: ['code', 'officerName', 'firstName', 'lastName', 'genderUid'] });
  const code = (codeTyped ?? '').trim();
  const officerName = (officerTyped ?? '').trim();
  // Continue checks at once; typing alone checks 750 ms after the last keystroke.
  const [attempt, setAttempt] = useState(0);
  const immediate = useRef(false);
  const checkNow = () => {
    if (!code || !officerName) {
      void form.trigger(['code', 'officerName'] as Path<CitSubmission>[]);
      return;
    }
    immediate.current = true;
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    if (!code || !officerName) {
      setIdentity('INVALID');
      setIdentityMessage('');
      return;
    }
    const delay = immediate.current ? 0 : CIT_IDENTITY_DEBOUNCE_MS;
    immediate.current = false;
    setIdentity('CHECKING');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setIdentity('VERIFYING');
      identify(api, state, code, officerName, controller.signal)
        .then((doc) => {
          setFacilities(doc.data.attributes.facilities);
          localStorage.setItem(lastFacilities(state), JSON.stringify(doc.data.attributes.facilities));
          setLocalTreatment(doc.data.attributes.localTreatmentSearch === true);
          setBrand(doc.data.attributes.brand);
          setIdentity('VALID');
          setIdentityMessage(t('cit.text.identitySuccess'));
          toast(t('cit.text.identitySuccess'), 'success');
        })
        .catch((err: unknown) => {
          if ((err as Error).name === 'AbortError') return;
          if (err instanceof ApiError && err.status === 0) {
            setFacilities(readLastFacilities(state));
            setIdentity('OFFLINE');
            setIdentityMessage(t('cit.text.identityOffline'));
            return;
          }
          setIdentity('INVALID');
          setIdentityMessage(err instanceof ApiError && err.status === 429 ? sayMessage(err.errors[0].message) : t('cit.text.identityInvalid'));
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, state, code, officerName, attempt]);
  // Whose form it is holds only while the identity does, and on the confirmation of the sheet it received.
  const received = receipt !== null;
  useEffect(() => onBrand(identity === 'VALID' || received ? brand : undefined), [identity, received, brand, onBrand]);

  // Duplicate check: first and last name longer than 2 characters and a gender, debounced 1000 ms.
  const first = (firstTyped ?? '').trim();
  const last = (lastTyped ?? '').trim();
  const gender = genderChosen ?? '';
  useEffect(() => {
    if (identity !== 'VALID' || first.length < CIT_DUPLICATE_NAME_MIN || last.length < CIT_DUPLICATE_NAME_MIN || !gender) {
      setDuplicate('');
      setPersonId(null);
      return;
    }
    // Another name or gender is another person: the previous incidents shown go at once.
    setPersonId(null);
    let live = true;
    const timer = setTimeout(() => {
      setDuplicate(t('cit.text.duplicateRunning'));
      personMatch(api, state, { code, officerName, firstName: first, lastName: last, genderUid: gender })
        .then((doc) => {
          if (!live) return;
          setDuplicate(doc.data.attributes.matches > 0 ? t('cit.text.matchesFound') : t('cit.text.noMatches'));
          setPersonId(doc.data.attributes.personId ?? null);
        })
        .catch(() => live && setDuplicate(''));
    }, CIT_DUPLICATE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, state, identity, first, last, gender]);

  const loadIncidents = useCallback(
    (signal: AbortSignal) => getPersonIncidents(api, state, { code, officerName }, personId ?? '', signal),
    // A new reference comes with every match; the identity it was made for goes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, state, personId],
  );
  const searchFacilities = useCallback(
    (text: string, signal: AbortSignal) => searchTreatmentFacilities(api, state, { code, officerName }, text, signal),
    [api, state, code, officerName],
  );
  const searchAddress = useCallback<AddressSearchCall>(
    (text, signal) => citAddressSearch(api, state, { code, officerName }, text, signal),
    [api, state, code, officerName],
  );
  const chooseFacility = useCallback(
    (facility: TreatmentFacility) => form.setValue('facilityUid', facility.facilityUid as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );

  const onValid = async (values: CitSubmission) => {
    try {
      const answer = await submit((key) => submitCit(api, state, values, key));
      if (answer) showReceipt(answer);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        setIdentity('INVALID');
        setIdentityMessage(t('cit.text.identityInvalid'));
      }
      if (err instanceof ApiError && (err.status === 429 || err.status >= 500 || err.status === 0)) toast(err.errors[0].message, 'danger');
      applyServerErrors(form, err);
      steps.revealFirstError();
    }
  };

  const startAgain = () => {
    setReceipt(null);
    setTimeout(() => form.setFocus('code' as Path<CitSubmission>));
  };

  const valid = identity === 'VALID';
  // With no connection the sheet opens too; the server checks the identity when it is sent.
  const open = valid || identity === 'OFFLINE';
  const sheet = useRef<HTMLFormElement>(null);
  const steps = useSheetSteps(sheet, form, open);
  const statusClass = identity === 'VALID' ? 'ok' : identity === 'OFFLINE' ? 'offline' : identityMessage ? 'bad' : '';
  const emailFailed = failedFacility !== null && (
    <Dialog title={t('cit.text.emailFailedTitle')} onClose={() => setFailedFacility(null)}>
      <p>{t('cit.text.emailFailed', { facility: failedFacility })}</p>
    </Dialog>
  );
  if (receipt) {
    return (
      <>
        <Receipt receipt={receipt} onAgain={startAgain} />
        {emailFailed}
      </>
    );
  }
  return (
    <>
      <SavedOnDevice count={savedOnDevice} />
      <form ref={sheet} noValidate onSubmit={form.handleSubmit(onValid, steps.revealFirstError)} data-identity={identity}>
        <ErrorSummary form={form} labels={labels} title={t('form.correct')} focusField={steps.reveal} />
        {steps.progress}
        <fieldset data-step="agency" hidden={!steps.shows('agency')}>
          <legend>{t('cit.agency')}</legend>
          <p className="field-hint cit-hint">{t('cit.identityHint')}</p>
          <div className="cit-grid">
            <Text form={form} name="code" />
            <Text form={form} name="officerName" />
          </div>
          {!open && (
            <div className="cit-buttons">
              <button type="button" className="primary" onClick={checkNow} disabled={identity === 'VERIFYING'}>
                {t('cit.continue')}
              </button>
            </div>
          )}
        </fieldset>
        {/* Outside the agency's section: on a phone that section gives way to the client's as the agency is recognized, and the news is still shown and read out. */}
        <p className={`cit-status ${statusClass}`} role="status" aria-live="polite" data-testid="identity-status">
          {identity === 'CHECKING' || identity === 'VERIFYING' ? t('cit.checkingIdentity') : identityMessage}
        </p>
        {open && (
          <>
            <CitSheetFields
              form={form}
              options={options}
              facilities={facilities}
              afterGender={
                <>
                  <p className="cit-status wide" role="status" aria-live="polite" data-testid="duplicate-status">{duplicate}</p>
                  {personId && <PreviousIncidents load={loadIncidents} />}
                </>
              }
              afterFacility={localTreatment && <TreatmentFacilitySearch search={searchFacilities} onChoose={chooseFacility} />}
              searchAddress={searchAddress}
              shows={steps.shows}
            />
            <div className="cit-buttons cit-save">
              {steps.stepped && (
                <button type="button" onClick={steps.back}>
                  {t('cit.back')}
                </button>
              )}
              {steps.stepped && !steps.last ? (
                <button type="button" className="primary" onClick={() => void steps.next()}>
                  {t('cit.next')}
                </button>
              ) : (
                <button type="submit" className="primary" disabled={busy}>{busy ? t('cit.saving') : t('cit.save')}</button>
              )}
            </div>
          </>
        )}
        {emailFailed}
      </form>
      <DeviceNote onClear={startOver} />
    </>
  );
}

export interface CitSheetFieldsProps {
  form: Form;
  options: CitOptions;
  facilities: Facility[];
  /** Under the client's gender: the officer's duplicate check and the matched person's previous incidents. */
  afterGender?: ReactNode;
  /** Under the Facility, while follow-up is requested: the local treatment facility search. */
  afterFacility?: ReactNode;
  /** A stored sheet opened for correction: its id (debug mode); its zip's city, county and state stay as stored until the zip changes. */
  sheetId?: string;
  /** The address search (spec 002 "Address autocomplete"): the officer's identity-bearing call on the public form; a signed-in user's by default. */
  searchAddress?: AddressSearchCall;
  /** Which sections show (the officer's phone shows one at a time, sheet-steps.tsx); all of them without it. */
  shows?: (step: SheetStep) => boolean;
}

/** The fields whose values change what the sheet shows or fills in. */
const SHEET_DRIVERS = [
  'addr1', 'addr2', 'city', 'stateUid', 'postCode', 'county', 'type', 'referralSourceUid', 'crisis', 'response', 'forceUsedIncidentResultedInInjury',
  'mhFollowUpRequested', 'subjectTakenIntoCustodyForEvaluation', 'incidentHasRelatedCrime', 'incidentHasRelatedCrimeYes',
] as const satisfies readonly (keyof CitSubmission)[];

/**
 * The drivers' values, watched by name: the sheet draws again when one of them changes, not at each key
 * typed in any of its fifty fields (a whole sheet's render per keystroke lagged on a slow phone).
 */
function useSheetValues(form: Form): Pick<CitSubmission, (typeof SHEET_DRIVERS)[number]> {
  const values = useWatch({ control: form.control, name: SHEET_DRIVERS as unknown as (typeof SHEET_DRIVERS)[number][] });
  return Object.fromEntries(SHEET_DRIVERS.map((name, i) => [name, values[i]])) as Pick<CitSubmission, (typeof SHEET_DRIVERS)[number]>;
}

/**
 * The contact sheet's own fields (Client, Incident, Outcome) with their rules
 * as the user types: dependent-field clearing, Personal Residence, zip
 * autofill. The officer's public form and a supervisor's correction of a
 * pending sheet both draw it.
 */
export function CitSheetFields({ form, options, facilities, afterGender, afterFacility, sheetId, searchAddress, shows = () => true }: CitSheetFieldsProps) {
  const { t, label, said, yesNo, addressSearch } = useSheetText();
  const api = useWidgetApi();
  const [address, setAddress] = useState('');
  const [coordinates, setCoordinates] = useState<{ latitude: string; longitude: string } | null>(null);
  // Spec 002: debug mode shows read-only id, latitude and longitude (only a signed-in debug user has it).
  const debug = Boolean(useStore($session).session?.flags.hasDebugMode);
  const otherSourceUid = useMemo(() => options.referralSource.find((o) => o.label === OTHER)?.uid ?? null, [options]);
  const w = useSheetValues(form);

  // Dependent-field clearing (spec 002 section 4).
  const toClear = dependentsToClear(w, otherSourceUid).join(',');
  useEffect(() => {
    for (const field of toClear.split(',').filter(Boolean) as (keyof CitSubmission)[]) {
      const current = form.getValues(field as Path<CitSubmission>) as unknown;
      const empty = Array.isArray(current) ? [] : '';
      if (Array.isArray(current) ? current.length : current) form.setValue(field as Path<CitSubmission>, empty as never);
    }
  }, [toClear, form]);

  // Personal Residence copies the client's home address to the incident location.
  const home = [w.addr1, w.addr2, w.city, w.stateUid, w.postCode, w.county].join('\u0001');
  // A stored sheet keeps its incident address until its type or home address is changed.
  const openedHome = useRef(sheetId ? `${w.type}\u0001${home}` : null);
  useEffect(() => {
    if (`${w.type}\u0001${home}` === openedHome.current) return;
    openedHome.current = null;
    if (w.type !== 'Personal Residence') return;
    const v = form.getValues();
    const pairs: [keyof CitSubmission, keyof CitSubmission][] = [['addr1', 'locationAddr1'], ['addr2', 'locationAddr2'], ['city', 'locationCity'], ['stateUid', 'locationStateUid'], ['postCode', 'locationPostCode'], ['county', 'locationCounty']];
    for (const [from, to] of pairs) form.setValue(to as Path<CitSubmission>, ((v[from] as string) ?? '') as never);
  }, [w.type, home, form]);

  // Zip of 5 characters: city, county and state from the reference geo data.
  const zip = (w.postCode ?? '').trim();
  // A stored sheet opened for correction keeps the city, county and state it has until its zip is changed.
  const openedZip = useRef(sheetId ? zip : null);
  // A zip the address search filled came with its city, county, state and coordinates: nothing to look up.
  const searchedZip = useRef<string | null>(null);
  useEffect(() => {
    const stored = zip === openedZip.current;
    if (!stored) openedZip.current = null;
    const searched = zip === searchedZip.current;
    searchedZip.current = null;
    if (searched) return setAddress('');
    if (zip.length !== CIT_ZIP_LENGTH) {
      setAddress('');
      setCoordinates(null);
      return;
    }
    let live = true;
    geoByZip(api, zip)
      .then((doc) => {
        if (!live) return;
        const row = doc.data[0]?.attributes;
        if (stored) return setCoordinates(row?.latitude && row.longitude ? { latitude: row.latitude, longitude: row.longitude } : null);
        if (!row) return setAddress(t('cit.text.noAddress'));
        setCoordinates(row.latitude && row.longitude ? { latitude: row.latitude, longitude: row.longitude } : null);
        form.setValue('city', row.city as never);
        form.setValue('county', row.county as never);
        if (row.stateUid) form.setValue('stateUid', row.stateUid as never);
        setAddress(t('cit.text.addressCompleted'));
      })
      // Spec 002 "Address autocomplete": a lookup that fails is not an empty answer.
      .catch(() => live && setAddress(t('cit.text.autocompleteFailed')));
    return () => {
      live = false;
    };
  }, [api, zip, form]);

  // Spec 002 "Address autocomplete": a chosen address fills the client's address, or the incident's.
  const fromClientSearch = (found: AddressSuggestion) => {
    if (found.postCode) searchedZip.current = found.postCode;
    fillAddress(form, found, { address1: 'addr1', city: 'city', county: 'county', stateUid: 'stateUid', postCode: 'postCode' });
    if (found.latitude !== null && found.longitude !== null) setCoordinates({ latitude: String(found.latitude), longitude: String(found.longitude) });
  };
  const fromLocationSearch = (found: AddressSuggestion) =>
    fillAddress(form, found, { address1: 'locationAddr1', city: 'locationCity', county: 'locationCounty', stateUid: 'locationStateUid', postCode: 'locationPostCode' });

  return (
    <>
      <fieldset data-step="client" hidden={!shows('client')}>
        <legend>{t('cit.client')}</legend>
        <div className="cit-grid">
          <Text form={form} name="firstName" />
          <Text form={form} name="lastName" />
          <Text form={form} name="birthDate" type="date" />
          <Select form={form} name="genderUid" options={refOptions(options.gender)} />
          {afterGender}
          <Checks form={form} name="raceUid" options={refOptions(options.race)} />
          <Select form={form} name="juvenile" options={yesNo} />
          <Select form={form} name="veteranStatus" options={said('veteranStatuses', VETERAN_STATUSES)} />
          <Text form={form} name="phoneNumber" type="tel" />
          <Select form={form} name="phoneType" options={said('phoneTypes', PHONE_TYPES)} />
          <div className="wide">
            <AddressSearch name="client" label={t('addressSearch.label')} texts={addressSearch} search={searchAddress} onChoose={fromClientSearch} />
          </div>
          <Text form={form} name="addr1" wide />
          <Text form={form} name="addr2" wide />
          <Text form={form} name="postCode" hint={address || undefined} />
          <Text form={form} name="city" />
          <Select form={form} name="stateUid" options={refOptions(options.countryDivision)} />
          <Text form={form} name="county" />
          {debug && <DebugFields coordinates={coordinates} sheetId={sheetId} />}
          <Text form={form} name="priorityNote" wide />
        </div>
      </fieldset>
      <fieldset data-step="incident" hidden={!shows('incident')}>
        <legend>{t('cit.incident')}</legend>
        <div className="cit-grid">
          <Text form={form} name="dateTime" type="datetime-local" />
          <Select form={form} name="eventTimeZone" options={said('timeZones', TIME_ZONES.map((zone) => zone.value))} />
          <Text form={form} name="officer" />
          <Select form={form} name="officerCit" options={yesNo} />
          <Select form={form} name="shiftUid" options={refOptions(options.shift)} />
          <Text form={form} name="totalTimeOnCall" />
          <Select form={form} name="type" options={said('locationTypes', LOCATION_TYPES)} wide />
          <div className="wide">
            <AddressSearch name="location" label={t('cit.incidentAddressSearch')} texts={addressSearch} search={searchAddress} onChoose={fromLocationSearch} />
          </div>
          <Text form={form} name="locationAddr1" wide />
          <Text form={form} name="locationAddr2" wide />
          <Text form={form} name="locationPostCode" />
          <Text form={form} name="locationCity" />
          <Select form={form} name="locationStateUid" options={refOptions(options.countryDivision)} />
          <Text form={form} name="locationCounty" />
          <Select form={form} name="referralSourceUid" options={refOptions(options.referralSource)} />
          {otherSourceUid && w.referralSourceUid === otherSourceUid && <Text form={form} name="otherReporting" />}
          <Checks form={form} name="crisis" options={said('crisisEvents', CRISIS_EVENTS)} />
          {(w.crisis ?? []).includes(OTHER) && <Text form={form} name="crisisOther" wide />}
          <Checks form={form} name="weaponInvolved" options={said('weapons', WEAPONS)} />
          <Select form={form} name="response" options={said('responses', RESPONSES)} wide />
          {w.response === 'Force Used' && <Checks form={form} name="forceUsedIncidentResultedInInjury" options={said('injuredParties', INJURED_PARTIES)} />}
          {w.response === 'Force Used' && hasRealInjury(w.forceUsedIncidentResultedInInjury) && <Text form={form} name="injuryResultedFromForce" wide />}
        </div>
      </fieldset>
      <fieldset data-step="outcome" hidden={!shows('outcome')}>
        <legend>{t('cit.outcome')}</legend>
        <div className="cit-grid">
          <Select form={form} name="dispositionUid" options={refOptions(options.status)} />
          <Select form={form} name="mhFollowUpRequested" options={yesNo} />
          {w.mhFollowUpRequested === 'yes' && <Select form={form} name="facilityUid" options={facilities.map((f) => ({ value: f.facilityUid, label: f.facilityName }))} wide />}
          {w.mhFollowUpRequested === 'yes' && afterFacility}
          <Select form={form} name="transportBy" options={said('transportBy', TRANSPORT_BY)} />
          <Text form={form} name="destination" />
          <Select form={form} name="subjectTakenIntoCustodyForEvaluation" options={yesNo} />
          {w.subjectTakenIntoCustodyForEvaluation === 'yes' && <Select form={form} name="processInitiatedBy" options={said('evaluationInitiatedBy', EVALUATION_INITIATED_BY)} />}
          <Select form={form} name="incidentHasRelatedCrime" options={yesNo} />
          {w.incidentHasRelatedCrime === 'yes' && <Select form={form} name="incidentHasRelatedCrimeYes" options={said('crimeLevels', CRIME_LEVELS)} />}
          {w.incidentHasRelatedCrime === 'yes' && w.incidentHasRelatedCrimeYes && <Select form={form} name="criminalChargesToBeFiled" options={said('charges', CHARGES)} />}
          <div className="wide">
            <Field form={form} name="incidentNote" label={label('incidentNote')}>
              {(c) => <textarea {...c} {...form.register('incidentNote')} />}
            </Field>
          </div>
          <Text form={form} name="officerUnit" />
          <Text form={form} name="reportNumber" />
          <Text form={form} name="supervisor" />
          <Text form={form} name="supervisorUnit" />
        </div>
      </fieldset>
    </>
  );
}

export const CIT_EDIT_TEXT = {
  title: 'Edit the contact sheet',
  hint: "Correct the sheet's answers before deciding. The officer and the agency stay as filed.",
  save: 'Save changes',
  saving: 'Saving ...',
  cancel: 'Cancel',
} as const;

const LIST_FIELDS = new Set<string>(['raceUid', 'crisis', 'weaponInvolved', 'forceUsedIncidentResultedInInjury']);

/**
 * A stored sheet as the form's values: the form's own fields only, each of its
 * kind (a list stays a list, anything else is text), the rest as the form starts.
 * The identity code is never stored; the schema needs one, so a placeholder
 * stands in and is never sent.
 */
export function citEditValues(sheet: Record<string, unknown>, officerName: string): Record<string, unknown> {
  const values: Record<string, unknown> = { ...citFormDefaults() };
  for (const key of Object.keys(values)) {
    const v = sheet[key];
    if (v === null || v === undefined) continue;
    if (LIST_FIELDS.has(key)) values[key] = Array.isArray(v) ? v.map(String) : values[key];
    else if (typeof v === 'string' || typeof v === 'number') values[key] = String(v);
  }
  return { ...values, code: '-', officerName };
}

export interface CitSheetEditorProps {
  sheetId: string;
  officerName: string;
  /** The stored sheet (camelCase keys). */
  sheet: Record<string, unknown>;
  options: CitOptions;
  facilities: Facility[];
  /** Saves the corrected sheet; an ApiError's field errors land on the fields. */
  onSave: (values: CitSubmission) => Promise<void>;
  onCancel: () => void;
}

/**
 * A supervisor's correction of a pending sheet: the same fields and rules as
 * the officer's form, checked with the same schema before it is sent.
 */
export function CitSheetEditor({ sheetId, officerName, sheet, options, facilities, onSave, onCancel }: CitSheetEditorProps) {
  const initial = useMemo(() => citEditValues(sheet, officerName), [sheet, officerName]);
  const form = useCareForm(CitSubmissionSchema as never, { defaultValues: initial as never }) as unknown as Form;
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onValid = async (values: CitSubmission) => {
    setBusy(true);
    try {
      await onSave(values);
    } catch (err) {
      // Field errors go on their fields; anything else (already decided, no longer allowed) is said too.
      if (!(err instanceof ApiError && err.status === 422)) toast(err instanceof ApiError ? err.errors[0].message : 'Something went wrong.', 'danger');
      applyServerErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate className="cit-form cit-edit" onSubmit={form.handleSubmit(onValid)} aria-labelledby={`cit-edit-${sheetId}`} data-testid="cit-edit">
      <h2 id={`cit-edit-${sheetId}`} ref={heading} tabIndex={-1}>{CIT_EDIT_TEXT.title}</h2>
      <p className="field-hint cit-hint">{CIT_EDIT_TEXT.hint}</p>
      <ErrorSummary form={form} labels={CIT_LABELS as Record<string, string>} />
      <CitSheetFields form={form} options={options} facilities={facilities} sheetId={sheetId} />
      <div className="cit-buttons">
        <button type="button" onClick={onCancel} disabled={busy}>{CIT_EDIT_TEXT.cancel}</button>
        <button type="submit" className="primary" disabled={busy}>{busy ? CIT_EDIT_TEXT.saving : CIT_EDIT_TEXT.save}</button>
      </div>
    </form>
  );
}
