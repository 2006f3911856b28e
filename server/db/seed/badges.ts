import type { Db } from '../connect';
import type { DemoIds } from './demo';

/**
 * Demo badge groups (spec 001 "Badge group"): two single-choice groups and
 * two multiple-choice ones. Colours are dark enough for the header's white
 * pill text (4.5:1 or more).
 */
const GROUPS: { name: string; label: string; color: string; exclusive: boolean; badges: { name: string; label: string; color?: string }[] }[] = [
  {
    name: 'risk-level',
    label: 'Risk Level',
    color: '#495057',
    exclusive: true,
    badges: [
      { name: 'low', label: 'Low Risk', color: '#146c43' },
      { name: 'medium', label: 'Medium Risk', color: '#a14600' },
      { name: 'high', label: 'High Risk', color: '#b02a37' },
    ],
  },
  {
    name: 'engagement',
    label: 'Engagement',
    color: '#0a58ca',
    exclusive: true,
    badges: [
      { name: 'engaged', label: 'Engaged' },
      { name: 'hard-to-reach', label: 'Hard to Reach' },
      { name: 'declined', label: 'Declined Services' },
    ],
  },
  {
    name: 'care-needs',
    label: 'Care Needs',
    color: '#6f42c1',
    exclusive: false,
    badges: [
      { name: 'fall-risk', label: 'Fall Risk' },
      { name: 'wheelchair', label: 'Wheelchair User' },
      { name: 'diabetic', label: 'Diabetic' },
      { name: 'behavioral-health', label: 'Behavioral Health' },
    ],
  },
  {
    name: 'social-needs',
    label: 'Social Needs',
    color: '#087990',
    exclusive: false,
    badges: [
      { name: 'housing', label: 'Housing Insecure' },
      { name: 'food', label: 'Food Insecure' },
      { name: 'transportation', label: 'Needs Transportation' },
      { name: 'interpreter', label: 'Needs Interpreter' },
    ],
  },
];

/** The badge groups and badges of the demo; the caseload's patients wear theirs (caseload-stories.ts). */
export async function seedBadges(db: Db, _ids: DemoIds): Promise<void> {
  for (const [order, g] of GROUPS.entries()) {
    const group = await db
      .insertInto('reference_badge_group')
      .values({ badge_group_name: g.name, badge_group_label: g.label, badge_group_color: g.color, is_exclusive: g.exclusive, default_sort_order: order })
      .returning('badge_group_uid')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('reference_badge')
      .values(g.badges.map((b, i) => ({ badge_group_uid: group.badge_group_uid, badge_name: b.name, badge_label: b.label, color: b.color ?? null, default_sort_order: i })))
      .execute();
  }
}
