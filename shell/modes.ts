import type { Flags } from '../shared/permissions';

/** Spec 000 section 1: the navigator mode is the one titled "Navigator" and given the quick search. */
export function isNavigatorMode(flags: Partial<Flags> | undefined): boolean {
  return !!flags?.hasAppNavigator;
}

export type HomeMode = 'identity' | 'sponsor' | 'hwc' | 'navigator' | 'cit' | 'community';

export const HOME_MODE_LABELS: Record<HomeMode, string> = {
  identity: 'Identity',
  sponsor: 'Sponsor',
  hwc: 'Health and Wellness',
  navigator: 'Navigator',
  cit: 'Crisis Intervention Team',
  community: 'Community',
};

/** Spec 001 section 1: the first matching role, in this order, picks the home page. */
export function homeMode(flags: Partial<Flags> | undefined): HomeMode | null {
  if (!flags) return null;
  if (flags.hasAppIdentity) return 'identity';
  if (flags.hasAppSponsor) return 'sponsor';
  if (flags.hasHwc) return 'hwc';
  if (flags.hasAppNavigator && flags.twoOh) return 'navigator';
  if (flags.hasAppCit) return 'cit';
  if (flags.hasAppCommunity) return 'community';
  return null;
}
