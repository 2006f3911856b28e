import { EXT_REGISTER, EXT_REGISTER_CONFIRM, EXT_STEPS } from '../../shared/schemas/ext-referral';

/**
 * The step a link's page settles on once it is known whether the visitor is registered for the link (spec 000
 * section 4): without a registration the register step (or its second half, register-confirm), with one the link's
 * action form. Null for a step the page has not ("<type> form not found"). The live form moves by it, and the
 * server draws that step as the page's first screen (referral-first-screen.tsx).
 */
export function settledStep(type: string, registered: boolean, actionType: string): string | null {
  if (type !== '' && !EXT_STEPS.includes(type)) return null;
  if (!registered) return type === EXT_REGISTER_CONFIRM ? EXT_REGISTER_CONFIRM : EXT_REGISTER;
  return type === '' || type === EXT_REGISTER || type === EXT_REGISTER_CONFIRM || type === actionType ? actionType : null;
}
