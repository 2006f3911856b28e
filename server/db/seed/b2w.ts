import type { Db } from '../connect';
import { hashAccessCode } from '../../public-forms/access-codes';
import type { DemoIds } from './demo';

/** The demo employer: open /b2w?vendorCode=DEMO-B2W (README "Demo data"). */
export const DEMO_B2W_VENDOR = { vendor_code: 'DEMO-B2W', vendor_name: 'Riverside Logistics (demo)' };

/** Demo employees: register with employee id OR SSN last 4 plus the phone number; codes show on /demo/outbox. */
export const DEMO_B2W_EMPLOYEES = [
  { employee_id: 'E1001', ssn_last4: '1234', first_name: 'Dana', last_name: 'Okafor', telephone_number: '6145550131', email_address: 'dana.okafor@example.test' },
  { employee_id: 'E1002', ssn_last4: '5678', first_name: 'Luis', last_name: 'Moreno', telephone_number: '6145550132', email_address: 'luis.moreno@example.test' },
  { employee_id: 'E1003', ssn_last4: '9012', first_name: 'Priya', last_name: 'Nair', telephone_number: '6145550133', email_address: null },
];

export async function seedB2w(db: Db, ids: DemoIds): Promise<void> {
  const vendor = await db
    .insertInto('b2w_vendor')
    .values({ vendor_name: DEMO_B2W_VENDOR.vendor_name, code_hash: hashAccessCode(DEMO_B2W_VENDOR.vendor_code), org_uid: ids.orgUid }).returning('vendor_uid').executeTakeFirstOrThrow();
  await db
    .insertInto('b2w_employee')
    .values(DEMO_B2W_EMPLOYEES.map((e) => ({ ...e, vendor_uid: vendor.vendor_uid })))
    .execute();
}
