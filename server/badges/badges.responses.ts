import { Bool, Counted, Int, Many, Nullable, Obj, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

const BadgeLink = Obj({ type: Type.Literal('reference-badges'), id: Type.String() });

/** The active badge groups, each naming its badges, and those badges in `included` (listBadgeGroups). */
export const BadgeGroupsDocument = Many(
  Resource(
    'reference-badge-groups',
    {
      badge_group_uid: Uuid(),
      badge_group_name: Text(),
      badge_group_label: Text(),
      badge_group_color: Nullable(Text()),
      is_exclusive: Bool(),
      default_sort_order: Int(),
    },
    { reference_badges: Obj({ data: Type.Array(BadgeLink) }) },
  ),
  {
    included: Type.Array(
      Resource('reference-badges', {
        badge_uid: Uuid(),
        badge_group_uid: Uuid(),
        badge_name: Text(),
        badge_label: Text(),
        color: Nullable(Text()),
        default_sort_order: Int(),
      }),
    ),
  },
);

/** A patient's badges (patientBadgesQuery): a badge without its own colour wears its group's. */
export const PatientBadgesDocument = Counted(
  Resource('patient-badges', {
    patient_badge_uid: Uuid(),
    patient_uid: Uuid(),
    badge_uid: Uuid(),
    badge_group_uid: Uuid(),
    badge_name: Text(),
    badge_label: Text(),
    color: Nullable(Text()),
    badge_group_label: Text(),
    created_at: Timestamp(),
  }),
);
