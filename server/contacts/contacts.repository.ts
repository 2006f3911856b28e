import type { Db } from '../db/connect';

/** An address as the record's forms send it (spec 001 "Address"). */
export interface AddressValues {
  addressTypeUid?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  postCode?: string | null;
  /** The state (reference country division). */
  countryDivisionUid?: string | null;
  county?: string | null;
  isPrimary?: boolean;
}

const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

const addressRow = (values: AddressValues) => ({
  address_type_uid: values.addressTypeUid ?? null,
  addr1: blankToNull(values.address1),
  addr2: blankToNull(values.address2),
  city: blankToNull(values.city),
  post_code: blankToNull(values.postCode),
  country_division_uid: values.countryDivisionUid ?? null,
  county: blankToNull(values.county),
});

/**
 * One primary address per patient: marking one primary clears the others in
 * the same transaction the caller holds.
 */
async function clearOtherPrimary(db: Db, table: 'patient_address' | 'patient_email_address', patientUid: string): Promise<void> {
  await db.updateTable(table).set({ is_primary: false }).where('patient_uid', '=', patientUid).where('is_primary', '=', true).execute();
}

export async function insertAddress(db: Db, patientUid: string, values: AddressValues): Promise<string> {
  if (values.isPrimary) await clearOtherPrimary(db, 'patient_address', patientUid);
  const row = await db
    .insertInto('patient_address')
    .values({ patient_uid: patientUid, ...addressRow(values), is_primary: values.isPrimary ?? false })
    .returning('address_uid')
    .executeTakeFirstOrThrow();
  return row.address_uid;
}

/** Updates the patient's address; false when it is not this patient's. */
export async function updateAddress(db: Db, patientUid: string, addressUid: string, values: AddressValues): Promise<boolean> {
  if (values.isPrimary) await clearOtherPrimary(db, 'patient_address', patientUid);
  const result = await db
    .updateTable('patient_address')
    .set({ ...addressRow(values), ...(values.isPrimary === undefined ? {} : { is_primary: values.isPrimary }) })
    .where('address_uid', '=', addressUid)
    .where('patient_uid', '=', patientUid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertEmailAddress(db: Db, patientUid: string, emailAddress: string, isPrimary = false): Promise<string> {
  if (isPrimary) await clearOtherPrimary(db, 'patient_email_address', patientUid);
  const row = await db
    .insertInto('patient_email_address')
    .values({ patient_uid: patientUid, email_address: emailAddress.trim(), is_primary: isPrimary })
    .returning('email_address_uid')
    .executeTakeFirstOrThrow();
  return row.email_address_uid;
}

/** Updates the patient's e-mail address; false when it is not this patient's. */
export async function updateEmailAddress(db: Db, patientUid: string, emailAddressUid: string, emailAddress: string, isPrimary?: boolean): Promise<boolean> {
  if (isPrimary) await clearOtherPrimary(db, 'patient_email_address', patientUid);
  const result = await db
    .updateTable('patient_email_address')
    .set({ email_address: emailAddress.trim(), ...(isPrimary === undefined ? {} : { is_primary: isPrimary }) })
    .where('email_address_uid', '=', emailAddressUid)
    .where('patient_uid', '=', patientUid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One of the patient's addresses as the wire shows it; undefined when it is not this patient's. */
export async function findAddress(db: Db, patientUid: string, addressUid: string) {
  return db
    .selectFrom('patient_address')
    .select(['address_uid', 'address_type_uid', 'addr1', 'addr2', 'city', 'post_code', 'country_division_uid', 'county', 'is_primary'])
    .where('address_uid', '=', addressUid)
    .where('patient_uid', '=', patientUid)
    .executeTakeFirst();
}

/** One of the patient's e-mail addresses; undefined when it is not this patient's. */
export async function findEmailAddress(db: Db, patientUid: string, emailAddressUid: string) {
  return db
    .selectFrom('patient_email_address')
    .select(['email_address_uid', 'email_address', 'is_primary'])
    .where('email_address_uid', '=', emailAddressUid)
    .where('patient_uid', '=', patientUid)
    .executeTakeFirst();
}
