/**
 * The demo extract's record sources (migration 044; docs/identity-import.md):
 * for each child, what the six identity pages, the identity face sheet and the
 * alert badges show: intakes and allegations, agency contacts, leaves (some
 * AWOL or on leave now), Medicaid managed care (some OhioRISE), and health
 * records from the child's own hospitals (hospitalisations, some current or in
 * residential care; allergies, immunisations, medications, pharmacies,
 * problem list, surgeries, screenings, labs, visits of each kind,
 * appointments, referrals, child-abuse notes, primary care providers). Dates
 * are relative to the extract's day (AS_OF) as the rest of the extract;
 * appointments reach two years past it so a demo has upcoming ones.
 */

type Row = Record<string, string | null>;

export interface RecordChild {
  person: string;
  birth: number;
  county: string;
  /** The child's hospitals (identity_source.csv's source_name). */
  hospitals: string[];
  caseRow: Row;
}

export interface RecordRandom {
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  int: (min: number, max: number) => number;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const ALLEGATIONS = ['Physical Abuse', 'Neglect', 'Sexual Abuse', 'Emotional Maltreatment', 'Medical Neglect', 'Dependency'];
const FINDINGS = ['Substantiated', 'Substantiated', 'Unsubstantiated', 'Indicated'];
const PERPETRATORS = ['Parent', 'Parent', 'Step-Parent', "Parent's Partner", 'Relative', 'Unknown'];
const MCPS = ['CareSource', 'Buckeye Health Plan', 'Molina Healthcare', 'UnitedHealthcare Community Plan', 'AmeriHealth Caritas Ohio', 'Humana Healthy Horizons', 'Anthem Blue Cross and Blue Shield'];
const OHIORISE = 'Aetna Better Health of Ohio (OhioRISE)';
const LEAVES = ['Home Visit', 'Respite', 'Hospital Leave', 'Camp'];
const ALLERGENS = ['Penicillin', 'Amoxicillin', 'Peanuts', 'Tree Nuts', 'Latex', 'Eggs', 'Sulfa Drugs', 'Bee Stings', 'Shellfish'];
const REACTIONS = ['Hives', 'Rash', 'Anaphylaxis', 'Swelling', 'Vomiting', 'Wheezing'];
const VACCINES = ['DTaP', 'Hepatitis B', 'Hib', 'IPV', 'MMR', 'Varicella', 'PCV13', 'Hepatitis A', 'Influenza', 'Tdap', 'HPV', 'MenACWY', 'COVID-19'];
const MEDICATIONS: [string, string, string][] = [
  ['Amoxicillin 250 mg/5 mL', '5 mL', 'Twice daily'],
  ['Albuterol HFA 90 mcg', '2 puffs', 'Every 4 hours as needed'],
  ['Methylphenidate ER 18 mg', '1 tablet', 'Every morning'],
  ['Cetirizine 5 mg', '1 tablet', 'Daily'],
  ['Fluticasone 50 mcg nasal spray', '1 spray each nostril', 'Daily'],
  ['Sertraline 25 mg', '1 tablet', 'Daily'],
  ['Guanfacine ER 1 mg', '1 tablet', 'At bedtime'],
  ['Ibuprofen 100 mg/5 mL', '10 mL', 'Every 6 hours as needed'],
  ['Melatonin 3 mg', '1 tablet', 'At bedtime'],
  ['Ferrous Sulfate 325 mg', '1 tablet', 'Daily'],
];
const PHARMACIES = ['CVS Pharmacy', 'Walgreens', 'Kroger Pharmacy', 'Giant Eagle Pharmacy', 'Meijer Pharmacy', 'Rite Aid'];
const PROBLEMS: [string, string][] = [
  ['Asthma, uncomplicated', 'J45.909'],
  ['ADHD, combined type', 'F90.2'],
  ['Iron deficiency anemia', 'D50.9'],
  ['Atopic dermatitis', 'L20.9'],
  ['Speech and language delay', 'F80.9'],
  ['Post-traumatic stress disorder', 'F43.10'],
  ['Obesity, pediatric', 'E66.9'],
  ['Recurrent otitis media', 'H66.93'],
];
const SURGERIES = ['Tonsillectomy and adenoidectomy', 'Tympanostomy tubes', 'Appendectomy', 'Dental restoration under anesthesia', 'Closed reduction of forearm fracture'];
const SCREENINGS: [string, string[]][] = [
  ['Vision', ['Pass', 'Pass', 'Refer']],
  ['Hearing', ['Pass', 'Pass', 'Refer']],
  ['Dental', ['No caries', 'Caries present, referred']],
  ['Developmental', ['On track', 'Monitoring', 'Referred for evaluation']],
];
const SPECIALTIES = ['Behavioral Health', 'Dental', 'Audiology', 'Ophthalmology', 'Physical Therapy', 'Speech Therapy', 'Endocrinology', 'Developmental Pediatrics'];
const DEPARTMENTS = ['Pediatrics', 'Behavioral Health', 'Dental Clinic', 'Audiology', 'Ophthalmology', 'Rehabilitation', 'Endocrinology'];
const COMPLAINTS = ['Asthma exacerbation', 'Fever and dehydration', 'Fracture, left arm', 'Suicidal ideation', 'Pneumonia', 'Head injury, observation'];
const ED_REASONS = ['Fever', 'Laceration', 'Wheezing', 'Abdominal pain', 'Ankle sprain', 'Ear pain'];
const NOTE_TYPES = ['Child Abuse Pediatrics Consult', 'Social Work Note', 'Skeletal Survey Summary'];
const NOTE_TEXTS = [
  'Child seen for evaluation at the request of the PCSA. History obtained from caseworker and caregiver. Findings discussed with the agency; follow-up in clinic advised.',
  'Social work met with the caregiver and the child. Safety plan reviewed with the caseworker. No new concerns raised during this visit.',
  'Skeletal survey completed. No acute or healing fractures identified. Results shared with the assigned caseworker.',
];
const DOCTOR_FIRST = ['Priya', 'Michael', 'Aisha', 'David', 'Elena', 'James', 'Mei', 'Robert', 'Fatima', 'Samuel'];
const DOCTOR_LAST = ['Okafor', 'Lindqvist', 'Shah', 'Ramírez', 'Chen', 'Goldberg', 'Adeyemi', 'Novak', 'Brennan', 'Fitzgerald'];
const PRACTICES = ['Primary Care Network', 'Pediatric Associates', 'Children’s Primary Care', 'Community Health Center', 'Family Health Clinic'];
const STREETS = ['Main St', 'High St', 'Broad St', 'Oak Ave', 'Maple Dr', 'Livingston Ave', 'Market St'];

/**
 * A writer of one child's record rows at a time; `write(source, row)` is the
 * extract's file writer. Ids are numbered per extract, so a seed gives the same files.
 */
export function recordSourcesWriter(r: RecordRandom, write: (source: string, row: Row) => Promise<void>, asOf: number) {
  const { pick, chance, int } = r;
  let n = 0;
  const next = (prefix: string) => `${prefix}${String(++n).padStart(8, '0')}`;
  const phone = () => `614-555-${String(int(100, 9999)).padStart(4, '0')}`;
  const doctor = () => `${pick(DOCTOR_FIRST)} ${pick(DOCTOR_LAST)}, MD`;
  const address = (county: string) => `${int(10, 9999)} ${pick(STREETS)}, ${county} County, OH`;
  /** Spec 001 section 9's lab categories, each with a result; a negative hepatitis C result is stored as none, as the source systems do (spec 001 section 5). */
  const LABS: [string, () => string | null, string][] = [
    ['Lead', () => pick(['<3.3', '2.1', '3.8', '5.4']), 'µg/dL'],
    ['Hgb', () => (10.5 + int(0, 30) / 10).toFixed(1), 'g/dL'],
    ['Hcv', () => pick([null, null, 'Reactive']), ''],
  ];

  return async function writeChild(child: RecordChild): Promise<void> {
    const { person, birth, county, hospitals, caseRow } = child;
    const since = (days: number) => Math.max(birth + DAY, asOf - days * DAY);
    const between = (from: number, to: number) => from + int(0, Math.max(0, Math.floor((to - from) / DAY))) * DAY;
    const hospital = () => pick(hospitals);

    // Child welfare: intakes and allegations, agency contacts, leaves, managed care.
    if (chance(0.45)) {
      const intakes = int(1, 2);
      for (let i = 0; i < intakes; i++) {
        const intake = next('I');
        const when = between(since(4 * 365), asOf - DAY);
        for (let a = int(1, 3); a > 0; a--) {
          await write('intake_allegation', {
            allegation_id: next('AL'),
            intake_id: intake,
            sacwis_person_id: person,
            case_id: caseRow.case_id,
            intake_date: isoDay(when),
            allegation_type: pick(ALLEGATIONS),
            finding: pick(FINDINGS),
            perpetrator_relationship: pick(PERPETRATORS),
          });
        }
      }
    }
    const contacts: [string, string | null, string | null][] = [
      ['Case Worker', caseRow.wkr_name, caseRow.wkr_email],
      ['Supervisor', caseRow.sup_name, caseRow.sup_email],
      ['Section Chief', caseRow.chf_email ? caseRow.chf_email.split('@')[0].split('.').map((s) => s[0].toUpperCase() + s.slice(1)).join(' ') : null, caseRow.chf_email],
    ];
    for (const [role, contactName, email] of contacts) {
      if (!contactName) continue;
      await write('agency_contact', { contact_id: next('C'), sacwis_person_id: person, case_id: caseRow.case_id, contact_role: role, contact_name: contactName, phone: phone(), email });
    }
    if (chance(0.2)) {
      const from = between(since(3 * 365), asOf - 30 * DAY);
      await write('leave', { leave_id: next('L'), sacwis_person_id: person, leave_type: pick(LEAVES), leave_date: isoDay(from), return_date: isoDay(from + int(1, 14) * DAY) });
    }
    if (chance(0.05)) await write('leave', { leave_id: next('L'), sacwis_person_id: person, leave_type: 'AWOL - Runaway', leave_date: isoDay(asOf - int(1, 20) * DAY), return_date: null });
    else if (chance(0.04)) await write('leave', { leave_id: next('L'), sacwis_person_id: person, leave_type: pick(LEAVES), leave_date: isoDay(asOf - int(1, 10) * DAY), return_date: null });
    if (chance(0.85)) {
      const enrolled = between(since(5 * 365), asOf - 60 * DAY);
      await write('mcp', { mcp_id: next('M'), sacwis_person_id: person, mcp_name: pick(MCPS), medicaid_id: String(int(100_000_000, 999_999_999)), mcp_enrollment_date: isoDay(enrolled), mcp_end_date: null });
      if (chance(0.12)) await write('mcp', { mcp_id: next('M'), sacwis_person_id: person, mcp_name: OHIORISE, medicaid_id: null, mcp_enrollment_date: isoDay(between(enrolled, asOf - DAY)), mcp_end_date: null });
    }

    // Health records, each from one of the child's hospitals.
    const stay = async (admit: number, discharge: number | null, resyn: '0' | '1') => {
      const h = hospital();
      await write('hospitalization', {
        encounter_id: next('H'),
        sacwis_person_id: person,
        source_name: h,
        admit_time: isoTime(admit + int(0, 23) * 3_600_000),
        discharge_date: discharge === null ? null : isoDay(discharge),
        chief_complaint: resyn === '1' ? 'Residential psychiatric treatment' : pick(COMPLAINTS),
        location: resyn === '1' ? 'Residential Unit' : pick(['4 East', '5 West', 'PICU', '7 North']),
        dep_address: `${int(100, 999)} Children's Drive`,
        dep_city: pick(['Columbus', 'Cincinnati', 'Akron', 'Cleveland', 'Dayton', 'Toledo']),
        dep_state: 'OH',
        dep_zip: String(int(43001, 45999)),
        phone: phone(),
        bed: String(int(1, 4)),
        room: String(int(100, 799)),
        resyn,
      });
    };
    if (chance(0.15)) {
      const admit = between(since(3 * 365), asOf - 30 * DAY);
      await stay(admit, admit + int(1, 10) * DAY, '0');
    }
    if (chance(0.04)) await stay(asOf - int(1, 6) * DAY, null, '0');
    else if (chance(0.03)) await stay(asOf - int(20, 200) * DAY, null, '1');

    for (let i = chance(0.25) ? int(1, 2) : 0; i > 0; i--) {
      await write('allergy', { allergy_id: next('A'), sacwis_person_id: person, source_name: hospital(), allergen: pick(ALLERGENS), reaction: pick(REACTIONS), severity: pick(['Mild', 'Moderate', 'Severe']), noted_date: isoDay(between(since(5 * 365), asOf - DAY)) });
    }
    for (let i = int(2, 8); i > 0; i--) {
      await write('immunization', { immunization_id: next('V'), sacwis_person_id: person, source_name: hospital(), vaccine: pick(VACCINES), given_date: isoDay(between(since(17 * 365), asOf - DAY)) });
    }
    for (let i = int(0, 3); i > 0; i--) {
      const [medication, dose, frequency] = pick(MEDICATIONS);
      const start = between(since(3 * 365), asOf - DAY);
      const current = chance(0.6);
      await write('medication', {
        medication_id: next('RX'),
        sacwis_person_id: person,
        source_name: hospital(),
        medication_name: medication,
        dose,
        frequency,
        prescriber: doctor(),
        start_date: isoDay(start),
        end_date: current || chance(0.5) ? null : isoDay(start + int(7, 90) * DAY),
        discontinue_date: current ? null : isoDay(start + int(7, 120) * DAY),
      });
    }
    if (chance(0.8)) {
      const h = hospital();
      await write('pharmacy', { pharmacy_id: next('P'), sacwis_person_id: person, source_name: h, pharmacy_name: `${pick(PHARMACIES)} #${int(1000, 9999)}`, pharmacy_type: 'Most Recent', phone: phone(), address: address(county), last_fill_date: isoDay(asOf - int(1, 90) * DAY) });
      if (chance(0.3)) await write('pharmacy', { pharmacy_id: next('P'), sacwis_person_id: person, source_name: h, pharmacy_name: `${pick(PHARMACIES)} #${int(1000, 9999)}`, pharmacy_type: 'Previous', phone: phone(), address: address(county), last_fill_date: isoDay(asOf - int(120, 700) * DAY) });
    }
    for (let i = int(0, 3); i > 0; i--) {
      const [diagnosis, code] = pick(PROBLEMS);
      const noted = between(since(5 * 365), asOf - DAY);
      await write('problem_list', { problem_id: next('PL'), sacwis_person_id: person, source_name: hospital(), diagnosis, diagnosis_code: code, noted_date: isoDay(noted), resolved_date: chance(0.2) ? isoDay(noted + int(30, 300) * DAY) : null });
    }
    if (chance(0.08)) {
      await write('surgery', { surgery_id: next('S'), sacwis_person_id: person, source_name: hospital(), procedure_name: pick(SURGERIES), surgery_date: isoDay(between(since(6 * 365), asOf - DAY)), surgeon: doctor(), location: 'Main Operating Room' });
    }
    for (let i = int(1, 3); i > 0; i--) {
      const [type, results] = pick(SCREENINGS);
      await write('screening', { screening_id: next('SC'), sacwis_person_id: person, source_name: hospital(), screening_type: type, screening_date: isoDay(between(since(3 * 365), asOf - DAY)), result: pick(results) });
    }
    for (let i = int(0, 3); i > 0; i--) {
      const [category, value, units] = pick(LABS);
      await write('lab', { lab_id: next('LB'), sacwis_person_id: person, source_name: hospital(), lab_category: category, result_date: isoDay(between(since(3 * 365), asOf - DAY)), result_value: value(), units: units || null });
    }
    for (let i = int(2, 8); i > 0; i--) {
      const kind = pick(['Foster Care Clinic', 'Outpatient', 'Outpatient', 'Therapy', 'Emergency'] as const);
      const type =
        kind === 'Foster Care Clinic' ? 'WCC' : kind === 'Outpatient' ? pick(['OP', 'WCC']) : kind === 'Therapy' ? pick(['Physical', 'Occupation', 'Speech']) : pick(['ED', 'Urgent Care']);
      await write('visit', {
        visit_id: next('VS'),
        sacwis_person_id: person,
        source_name: hospital(),
        visit_kind: kind,
        visit_type: type,
        visit_date: isoDay(between(since(2 * 365), asOf - DAY)),
        provider_name: doctor(),
        department: kind === 'Emergency' ? 'Emergency Department' : kind === 'Therapy' ? 'Rehabilitation' : kind === 'Foster Care Clinic' ? 'Foster Care Clinic' : pick(DEPARTMENTS),
        reason: kind === 'Emergency' ? pick(ED_REASONS) : kind === 'Foster Care Clinic' ? 'Foster care comprehensive exam' : kind === 'Therapy' ? `${type} therapy session` : 'Follow-up visit',
        notes: kind === 'Emergency' && chance(0.5) ? 'Treated and released to caregiver. Follow up with PCP in 2 to 3 days.' : null,
      });
    }
    for (let i = int(1, 5); i > 0; i--) {
      const when = asOf - 365 * DAY + int(0, 3 * 365) * DAY + int(8, 16) * 3_600_000;
      await write('appointment', {
        appointment_id: next('AP'),
        sacwis_person_id: person,
        source_name: hospital(),
        appointment_time: isoTime(when),
        appointment_category: when < asOf ? pick(['Completed', 'Completed', 'Missed']) : chance(0.1) ? 'Missed' : 'Scheduled',
        department: pick(DEPARTMENTS),
        provider_name: doctor(),
        reason: pick(['Well child check', 'Follow-up', 'Medication management', 'Therapy intake', 'Dental cleaning', 'Hearing evaluation']),
      });
    }
    for (let i = int(0, 3); i > 0; i--) {
      await write('referral', {
        referral_id: next('RF'),
        sacwis_person_id: person,
        source_name: hospital(),
        referral_date: isoDay(between(since(365), asOf - DAY)),
        referral_status: pick(['Open', 'Open', 'Scheduling', 'Closed']),
        specialty: pick(SPECIALTIES),
        referred_to: `${pick(DOCTOR_LAST)} ${pick(['Clinic', 'Center', 'Associates'])}`,
        reason: pick(['Evaluation and treatment', 'Second opinion', 'Ongoing care', 'Assessment requested by caseworker']),
      });
    }
    if (chance(0.1)) {
      const type = pick(NOTE_TYPES);
      await write('hospital_note', { note_id: next('N'), sacwis_person_id: person, source_name: hospital(), note_date: isoDay(between(since(2 * 365), asOf - DAY)), note_type: type, author: doctor(), note_text: NOTE_TEXTS[NOTE_TYPES.indexOf(type)] });
    }
    if (chance(0.85)) {
      const h = hospital();
      const start = between(since(6 * 365), asOf - 90 * DAY);
      if (chance(0.3)) await write('primary_provider', { pcp_id: next('PC'), sacwis_person_id: person, source_name: h, provider_name: doctor(), practice_name: pick(PRACTICES), phone: phone(), address: address(county), start_date: isoDay(since(8 * 365)), end_date: isoDay(start - DAY) });
      await write('primary_provider', { pcp_id: next('PC'), sacwis_person_id: person, source_name: h, provider_name: doctor(), practice_name: pick(PRACTICES), phone: phone(), address: address(county), start_date: isoDay(start), end_date: null });
    }
  };
}
