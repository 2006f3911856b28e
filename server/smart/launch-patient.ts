import type { Db } from '../db/connect';
import type { Viewer } from '../dataviews/scopes';
import { visiblePatientIds } from '../patients/patient-access';
import { OUTSIDE_TIMEOUT_SECONDS } from '../sso/oidc-client';
import type { EhrRegistration } from './ehr-registrations.repository';

/** The part of a FHIR R4 Patient a launch reads. */
export interface FhirPatient {
  resourceType: 'Patient';
  id?: string;
  identifier?: { system?: string; value?: string }[];
  name?: { use?: string; family?: string; given?: string[] }[];
  gender?: string;
  birthDate?: string;
  telecom?: { system?: string; value?: string; use?: string }[];
  address?: { use?: string; line?: string[]; city?: string; state?: string; postalCode?: string }[];
}

/** A resource of the EHR's FHIR base (`Patient/p1`), read with the EHR's token, which never leaves the server. */
export async function readFhir<T>(iss: string, accessToken: string, reference: string): Promise<T> {
  const response = await fetch(`${iss}/${reference}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/fhir+json' },
    signal: AbortSignal.timeout(OUTSIDE_TIMEOUT_SECONDS * 1000),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`${reference}: ${response.status}`);
  return (await response.json()) as T;
}

/** The EHR's Patient of a launch. */
export async function readFhirPatient(iss: string, accessToken: string, patientId: string): Promise<FhirPatient> {
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(patientId)) throw new Error(`not a FHIR id: ${patientId.slice(0, 80)}`);
  const body = await readFhir<FhirPatient>(iss, accessToken, `Patient/${patientId}`);
  if (body?.resourceType !== 'Patient') throw new Error(`Patient/${patientId}: not a Patient`);
  return body;
}

export const mrnOf = (patient: FhirPatient, system: string): string | null =>
  patient.identifier?.find((i) => i.system === system && typeof i.value === 'string' && i.value.trim())?.value?.trim().slice(0, 100) ?? null;

/**
 * The Careweave patient with this MRN in the EHR's division that the user may
 * open, by the one patient access guard: a restricted, adoption or otherwise
 * hidden record never matches (the launch then goes as if there were none).
 */
export async function matchPatient(db: Db, ehr: EhrRegistration, viewer: Viewer, mrn: string): Promise<string | null> {
  const candidates = await db
    .selectFrom('patient_identifier as i')
    .innerJoin('patient as p', 'p.patient_uid', 'i.patient_uid')
    .select('p.patient_uid')
    .where('i.system', '=', ehr.mrn_system)
    .where('i.value', '=', mrn)
    .where('p.division_uid', '=', ehr.division_uid)
    .execute();
  const visible = await visiblePatientIds(db, viewer, candidates.map((c) => c.patient_uid));
  return visible.size === 1 ? [...visible][0] : null;
}

const PHONE_DIGITS = /^\d{10}$/;
const digits = (s: string | undefined) => {
  const d = (s ?? '').replace(/\D/g, '');
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
};

/** What Add Patient is filled with from the EHR's Patient: names, birth date, gender, phones, address, MRN. Strings bounded. */
export function addPatientPrefill(patient: FhirPatient, system: string) {
  const name = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  const phone = (use: string) => {
    const p = digits(patient.telecom?.find((t) => t.system === 'phone' && t.use === use)?.value);
    return PHONE_DIGITS.test(p) ? p : null;
  };
  const address = patient.address?.find((a) => a.use === 'home') ?? patient.address?.[0];
  const cut = (s: string | undefined, n: number) => (s ? s.trim().slice(0, n) : null);
  return {
    first_name: cut(name?.given?.[0], 100),
    middle_name: cut(name?.given?.[1], 100),
    last_name: cut(name?.family, 100),
    birth_date: /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate ?? '') ? patient.birthDate! : null,
    gender: patient.gender === 'male' || patient.gender === 'female' ? patient.gender : null,
    mobile_phone: phone('mobile'),
    home_phone: phone('home'),
    work_phone: phone('work'),
    address1: cut(address?.line?.[0], 200),
    address2: cut(address?.line?.[1], 200),
    city: cut(address?.city, 100),
    state: cut(address?.state, 2),
    post_code: cut(address?.postalCode, 10),
    mrn: mrnOf(patient, system),
  };
}
