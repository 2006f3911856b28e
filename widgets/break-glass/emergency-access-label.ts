/** Issue 38's name for breaking the glass, as buttons and titles say it. */
export const EMERGENCY_ACCESS = 'Emergency Access';
