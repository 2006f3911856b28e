import { Bool, Day, Nullable, Obj, OneOf, Page, Text, Type, Uuid } from '../api-docs/json-api';

/** How the preview reads the patient's custody (shared/custody.ts). */
export const CustodyState = OneOf(['none', 'in-custody', 'in-transition', 'out-of-custody']);

/** What any result says: enough to recognise the person, and which access alert applies. */
const Stub = {
  patient_uid: Uuid(),
  first_name: Text(),
  last_name: Text(),
  birth_date: Nullable(Day()),
  restricted_flag: Text(),
  adoption_restricted: Bool(),
  restricted_case_warning: Bool(),
};

/** A search result (toSummary, patient-summary.ts): the whole summary, or the stub of a patient the caller may not open. */
export const PatientSummary = Type.Union([
  Obj({ ...Stub, access: Type.Literal('restricted') }),
  Obj({
    ...Stub,
    access: Type.Literal('full'),
    middle_name: Nullable(Text()),
    gender_label: Nullable(Text()),
    sacwis_person_id: Nullable(Text()),
    in_custody: Bool(),
    agency_legal_status: Nullable(Text()),
    custody: CustodyState,
    division_uid: Uuid(),
    division_name: Text(),
    source_cases: Type.Array(
      Obj({ case_id: Nullable(Text()), case_category: Nullable(Text()), wkr_email: Nullable(Text()), chf_email: Nullable(Text()), sup_email: Nullable(Text()) }),
    ),
  }),
]);

/** A result as a resource of `type`. */
export const SummaryResource = <T extends string>(type: T) => Obj({ type: Type.Literal(type), id: Type.String(), attributes: PatientSummary });

/** A page of the patient search, and of the quick search. */
export const SummaryPatientPage = Page(SummaryResource('summary-patients'));
export const QuickSearchPage = Page(SummaryResource('identity-quick-search'));
