import { One, Resource, Text, Timestamp } from '../api-docs/json-api';
import { PublicBrand } from '../b2w/b2w.responses';

/** Whose opt-out page it is: the division of the token's patient. */
export const OptOutBrandDocument = One(Resource('engagement-opt-out-brand', { brand: PublicBrand }));

/** The engagement the patient opted out of, and when. */
export const OptOutDocument = One(Resource('engagement-opt-out', { engagement: Text(), opted_out_at: Timestamp() }));
