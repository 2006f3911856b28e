import type { PublicFormBrand } from '../kit/public-form-frame';

/** A link's index (GET ext/{instance}/index), as the form reads it. */
export interface ExtIndex {
  actionType: string;
  divisionName: string;
  orgName: string;
  divisionLogos: { divisionUid: string; divisionName: string; url: string }[];
  /** The division's brand for the frame: the logo an admin set, or its initials on its theme colour (as the other public forms). */
  brand: PublicFormBrand;
  translations: Record<string, string>;
  requiredFields: string[];
}

/**
 * The index from its attributes as the server words them (read raw, so translation keys keep their dots): the live
 * form's answer, and the same attributes handed to the link's first screen by the server (issue 39 section 4).
 */
export function extIndexOf(a: Record<string, any>): ExtIndex {
  return {
    actionType: a.action_type,
    divisionName: a.division_name,
    orgName: a.org_name,
    divisionLogos: (a.division_logos ?? []).map((l: any) => ({ divisionUid: l.division_uid, divisionName: l.division_name, url: l.url })),
    brand: { name: a.brand.name, detail: a.brand.detail ?? undefined, logoUrl: a.brand.logo_url },
    translations: a.translations ?? {},
    requiredFields: a.payload_definition?.required_fields ?? [],
  };
}
