import { B2W_COMM_METHODS } from '../../shared/schemas/b2w';
import { Bool, Day, Nullable, Obj, One, OneOf, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** The frame of a public form (public-forms/brand.ts): whose form it is, the organisation or purpose under it, a logo (a data: URL or an address). */
export const PublicBrand = Obj({ name: Text(), detail: Text(), logo_url: Text() });

/** The employer a vendor code names, for the form's header. */
export const B2wVendorDocument = One(Resource('b2w-vendor', { brand: PublicBrand }));

/** A registration, the same whether or not an employee matched. */
export const B2wRegistrationDocument = One(Resource('b2w-registration', { registration_uid: Uuid(), comm_method: OneOf(B2W_COMM_METHODS) }));

/** A registration whose code was confirmed. */
export const B2wConfirmedDocument = One(Resource('b2w-registration', { registration_uid: Uuid(), confirmed: Type.Literal(true) }));

/** The day's assessment as stored, with its outcome (b2wOutcome). */
export const B2wAssessmentDocument = One(
  Resource('b2w-assessment', {
    assessment_date: Day(),
    high_temp: Bool(),
    low_temp_complications: Nullable(Bool()),
    outcome: OneOf(['report', 'do-not-report']),
  }),
);
