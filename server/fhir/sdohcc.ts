/**
 * The HL7 SDOH Clinical Care guide (the Gravity closed-loop referral): the
 * profiles a referral's Task and ServiceRequest claim, and the guide's own
 * code system.
 */
const SDOHCC = 'http://hl7.org/fhir/us/sdoh-clinicalcare';

export const SDOHCC_TASK_PROFILE = `${SDOHCC}/StructureDefinition/SDOHCC-TaskForReferralManagement`;
export const SDOHCC_SERVICE_REQUEST_PROFILE = `${SDOHCC}/StructureDefinition/SDOHCC-ServiceRequest`;
export const SDOHCC_CODES = `${SDOHCC}/CodeSystem/SDOHCC-CodeSystemTemporaryCodes`;

/** The guide's category for a request whose SDOH domain was not said: its ServiceRequest needs one SDOH category. */
export const SDOH_CATEGORY_UNSPECIFIED = { system: SDOHCC_CODES, code: 'sdoh-category-unspecified', display: 'SDOH Category Unspecified' };
