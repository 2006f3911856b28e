/**
 * Issue 34: the demo EHR's own records ("Riverside General"), with opaque ids
 * as a real EHR's are (an id in a URL is logged; a name must never be). Marcus Ellery
 * and Theodore Blackwood are Careweave patients too (their MRNs are linked
 * when the demo starts); Theodore's record is restricted, so a launch on
 * him never matches for a user who may not open it. Jordan Avery is not in
 * Careweave: a launch on her offers Add Patient, filled from this record.
 */
export const DEMO_EHR_MRN_SYSTEM = 'urn:careweave-demo:riverside-general:mrn';

export interface DemoEhrPatient {
  id: string;
  mrn: string;
  given: string[];
  family: string;
  gender: 'male' | 'female';
  birthDate: string;
  phone?: string;
  address?: { line: string[]; city: string; state: string; postalCode: string };
  /** The Careweave patient it is, by name and birth date, when there is one (linked by MRN at start). */
  careweave?: { first: string; last: string; birth: string };
}

export const DEMO_EHR_PATIENTS: DemoEhrPatient[] = [
  {
    id: 'rg-4f7a21',
    mrn: 'RG100017',
    given: ['Marcus', 'James'],
    family: 'Ellery',
    gender: 'male',
    birthDate: '1984-02-17',
    phone: '6145550417',
    address: { line: ['712 S Ohio Ave'], city: 'Columbus', state: 'OH', postalCode: '43205' },
    careweave: { first: 'Marcus', last: 'Ellery', birth: '1984-02-17' },
  },
  {
    id: 'rg-8c3e90',
    mrn: 'RG100058',
    given: ['Jordan', 'Lee'],
    family: 'Avery',
    gender: 'female',
    birthDate: '1990-04-12',
    phone: '6145550142',
    address: { line: ['44 E Long St', 'Apt 3'], city: 'Columbus', state: 'OH', postalCode: '43215' },
  },
  {
    id: 'rg-2d5b64',
    mrn: 'RG100031',
    given: ['Theodore'],
    family: 'Blackwood',
    gender: 'male',
    birthDate: '2011-08-30',
    careweave: { first: 'Theodore', last: 'Blackwood', birth: '2011-08-30' },
  },
];

export interface DemoEhrPractitioner {
  id: string;
  given: string;
  family: string;
  title: string;
  password: string;
  /** The Careweave user an administrator approved for this clinician, if any. */
  careweaveUser?: string;
}

export const DEMO_EHR_PRACTITIONERS = (password: string): DemoEhrPractitioner[] => [
  { id: 'nora', given: 'Nora', family: 'Navigator', title: 'RN, Care Navigator', password, careweaveUser: 'navigator' },
  { id: 'cory', given: 'Cory', family: 'Community', title: 'Community Health Worker', password, careweaveUser: 'community' },
  { id: 'pat', given: 'Pat', family: 'Newcomb', title: 'MD, Emergency Medicine', password },
];

/** The FHIR R4 Patient of a demo record. */
export function fhirPatient(p: DemoEhrPatient) {
  return {
    resourceType: 'Patient',
    id: p.id,
    identifier: [{ use: 'usual', type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] }, system: DEMO_EHR_MRN_SYSTEM, value: p.mrn }],
    name: [{ use: 'official', family: p.family, given: p.given }],
    gender: p.gender,
    birthDate: p.birthDate,
    ...(p.phone ? { telecom: [{ system: 'phone', value: p.phone, use: 'mobile' }] } : {}),
    ...(p.address ? { address: [{ use: 'home', ...p.address }] } : {}),
  };
}

export function fhirPractitioner(p: DemoEhrPractitioner) {
  return { resourceType: 'Practitioner', id: p.id, name: [{ family: p.family, given: [p.given], text: `${p.given} ${p.family}, ${p.title}` }] };
}
