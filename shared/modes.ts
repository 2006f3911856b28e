import type { Flags } from './permissions';

/** Spec 000 section 1: the navigator mode is the one titled "Navigator" and given the quick search. */
export function isNavigatorMode(flags: Partial<Flags> | undefined): boolean {
  return !!flags?.hasAppNavigator;
}

/** `healthAndWellness` is spec 001's hasHwc mode; `hwcStaff` is Handle with Care staff (handleWithCare), a different thing. */
export type HomeMode = 'identity' | 'sponsor' | 'healthAndWellness' | 'navigator' | 'cit' | 'community' | 'hwcStaff';

export const HOME_MODE_LABELS: Record<HomeMode, string> = {
  identity: 'Identity',
  sponsor: 'Sponsor',
  healthAndWellness: 'Health and Wellness',
  navigator: 'Navigator',
  cit: 'Crisis Intervention Team',
  community: 'Community',
  hwcStaff: 'Handle with Care',
};

/**
 * Spec 001 section 1: the first matching role, in this order, picks the home
 * page. Handle with Care staff is not one of its roles, so it picks the home
 * only of a user who has none of them.
 */
export function homeMode(flags: Partial<Flags> | undefined): HomeMode | null {
  if (!flags) return null;
  if (flags.hasAppIdentity) return 'identity';
  if (flags.hasAppSponsor) return 'sponsor';
  if (flags.hasHwc) return 'healthAndWellness';
  if (flags.hasAppNavigator && flags.twoOh) return 'navigator';
  if (flags.hasAppCit) return 'cit';
  if (flags.hasAppCommunity) return 'community';
  if (flags.handleWithCare) return 'hwcStaff';
  return null;
}
