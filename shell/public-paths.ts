import type { ShellPath } from './routes';

/**
 * The routes of the public forms, in match order. The forms' own entry draws
 * them (public-pages.tsx); the staff shell leaves them to it (pages.tsx), so
 * its first load carries none of their code or preload lists.
 */
export const PUBLIC_FORM_PATHS = ['/support', '/b2w', '/engagements/opt-out/:token', '/hwc', '/cit', '/cit/:state', '/ext/:instance/:type?'] as const satisfies readonly ShellPath[];
export type PublicFormPath = (typeof PUBLIC_FORM_PATHS)[number];
