import type { AddressFields } from '../../shared/schemas/contacts';
import type { ReferenceCheck } from '../db/reference-checks';
import type { AddressValues } from './contacts.repository';

/** The address's reference choices, named as the wire names them under `prefix`. */
export const addressReferenceChecks = (prefix: string, address: AddressFields): ReferenceCheck[] => [
  { field: `${prefix}.address_type_uid`, model: 'reference-address-type', uid: address.addressTypeUid },
  { field: `${prefix}.country_division_uid`, model: 'reference-country-division', uid: address.countryDivisionUid },
];

export const addressValues = (a: AddressFields): AddressValues => ({
  addressTypeUid: a.addressTypeUid || null,
  address1: a.addr1,
  address2: a.addr2,
  city: a.city,
  postCode: a.postCode,
  countryDivisionUid: a.countryDivisionUid || null,
  county: a.county,
  isPrimary: a.isPrimary,
});
