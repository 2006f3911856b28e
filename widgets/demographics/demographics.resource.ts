import type { ReferenceOption } from '../kit/use-reference-list';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { demographicsPayload, DEMOGRAPHICS_WIRE_FIELDS, type DemographicsValues } from '../../shared/schemas/demographics';
import { camelCase } from '../../shared/casing';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { formErrors } from '../kit/forms';
import type { RecordPatient } from '../patient-record/patient-record.resource';

/** Spec 001 section 3 "Address", as `?include=addresses` gives it. */
export interface PatientAddress {
  id: string;
  addressTypeUid: string | null;
  addressTypeLabel: string | null;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  countryDivisionUid: string | null;
  stateLabel: string | null;
  postCode: string | null;
  county: string | null;
  isPrimary: boolean;
  latitude: string | null;
  longitude: string | null;
}
export interface PatientEmail {
  id: string;
  emailAddress: string;
  isPrimary: boolean;
}
export interface PatientInsurance {
  id: string;
  carrierLabel: string | null;
  policyNumber: string | null;
  groupNumber: string | null;
  effectiveDate: string | null;
  isPrimary: boolean;
  policyType: string | null;
}

export interface DemographicsData {
  patient: RecordPatient;
  races: ReferenceOption[];
  addresses: PatientAddress[];
  emails: PatientEmail[];
  insurance: PatientInsurance[];
}

type Included = { type: string; id: string; attributes: Record<string, unknown> };
const of = <T>(included: Included[], type: string) => included.filter((r) => r.type === camelCase(type) || r.type === type).map((r) => r.attributes as T);

/** `GET /api/patients/{id}?include=addresses,insurance-providers,email-addresses` and `GET /api/patients/{id}/races` (spec 001 section 7). */
export async function fetchDemographics(client: ApiClient, patientId: string): Promise<DemographicsData> {
  const id = encodeURIComponent(patientId);
  const [doc, races] = await Promise.all([
    client.get<Document<Resource<RecordPatient>> & { included?: Included[] }>(`patients/${id}`, { include: 'addresses,insurance-providers,email-addresses' }),
    client.get<Document<Resource<ReferenceOption>[]>>(`patients/${id}/races`),
  ]);
  const included = doc.included ?? [];
  return {
    patient: doc.data.attributes,
    races: races.data.map((r) => r.attributes),
    addresses: of<PatientAddress>(included, 'addresses'),
    emails: of<PatientEmail>(included, 'email-addresses'),
    insurance: of<PatientInsurance>(included, 'insurance-providers'),
  };
}

export function useDemographics(patientId: string): Loaded<DemographicsData> {
  const client = useWidgetApi();
  return useLoaded(() => fetchDemographics(client, patientId), [client, patientId]);
}


// The server names a demographics field where it travels; the form names it as the form does.
const FORM_FIELD_OF = Object.fromEntries(Object.entries(DEMOGRAPHICS_WIRE_FIELDS).map(([form, wire]) => [wire.split('.').map(camelCase).join('.'), form]));

/** `PUT /api/patients/{id}` with the demographics form; field errors come back named as the form names them. */
export async function saveDemographics(client: ApiClient, patientId: string, values: DemographicsValues) {
  try {
    return await client.put<Document<Resource<RecordPatient>>>(`patients/${encodeURIComponent(patientId)}`, demographicsPayload(patientId, values));
  } catch (error) {
    throw formErrors(error, FORM_FIELD_OF);
  }
}
