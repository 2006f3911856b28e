import type { PublicFormLanguage } from '../../shared/public-form-pages';
import { EXT_REGISTER, EXT_REGISTER_CONFIRM } from '../../shared/schemas/ext-referral';
import { firstScreenMarkup } from '../kit/public-first-screen';
import { extIndexOf } from './ext-index';
import { ConfirmForm, ReferralFrame, ReferralIntro, RegisterForm, type LinkFacts } from './referral-frame';
import { settledStep } from './referral-steps';

/** What the server knows of the visitor's request for a link's page. */
export interface ReferralPageAsked {
  /** The link's index, as GET ext/{instance}/index answers it in the visitor's language. */
  attributes: Record<string, unknown>;
  /** The step the address names (/ext/{instance}/{type}); empty for none. */
  type: string;
  /** Whether the page's cookie says the browser holds a registration for the link (EXT_REGISTERED_COOKIE). */
  registered: boolean;
  lang: PublicFormLanguage;
}

/**
 * Issue 39 section 4: a referral link's first screen, drawn by the server per link, language and step
 * (server/ext/referral-page.ts) with the frame and step the live form draws first: the division's brand and
 * purpose, and the heading and intro of the step the page settles on. Null for a step the link has not: the
 * server then sends the form's page as built. Built for the server on its own (scripts/server-first-screens.ts).
 */
export function referralFirstScreenHtml({ attributes, type, registered, lang }: ReferralPageAsked): string | null {
  const index = extIndexOf(attributes);
  const step = settledStep(type, registered, index.actionType);
  if (!step) return null;
  return firstScreenMarkup(
    <ReferralFrame index={index}>
      <StepOpening step={step} index={index} />
    </ReferralFrame>,
    lang,
  );
}

/** A step's heading and intro, as its live page draws them before what it asks. */
function StepOpening({ step, index }: { step: string; index: LinkFacts }) {
  if (step === EXT_REGISTER) return <RegisterForm index={index} />;
  if (step === EXT_REGISTER_CONFIRM) return <ConfirmForm index={index} />;
  return <ReferralIntro index={index} />;
}
