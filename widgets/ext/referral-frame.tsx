import type { FormEventHandler, ReactNode } from 'react';
import { PublicFormFrame } from '../kit/public-form-frame';
import { usePublicText } from '../kit/public-i18n';
import type { ExtIndex } from './ext-index';
import { ExtStyles } from './referral-form.styles';

/**
 * What a link's pages draw first: its frame, and each step's heading and intro. The live form draws them, and so
 * does the server for the link's first screen (referral-first-screen.tsx), so the one takes the other's place with
 * nothing moving (issue 39 section 4).
 */

/** What of its index a link's pages show: whose link it is and the names its texts say. */
export type LinkFacts = Pick<ExtIndex, 'brand' | 'divisionName' | 'orgName' | 'translations'>;

/** The division's brand and what the link is for once its index is known; the product's until then, or for a link that is not valid. */
export function ReferralFrame({ index, children }: { index: LinkFacts | null; children: ReactNode }) {
  const { t } = usePublicText();
  return (
    <PublicFormFrame wide brand={index?.brand} purpose={index ? t('ext.purposeDivision', { division: index.divisionName }) : t('ext.purpose')} languages>
      <div className="ext-action">
        <ExtStyles />
        {children}
      </div>
    </PublicFormFrame>
  );
}

interface StepProps {
  index: LinkFacts;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** What the step asks, under its intro: none on the first screen. */
  children?: ReactNode;
}

/** The register and register-confirm steps: a narrow form under the step's heading and intro. */
function StepForm({ title, intro, onSubmit, children }: Omit<StepProps, 'index'> & { title: string; intro: string }) {
  return (
    <form className="ext-form ext-narrow" noValidate onSubmit={onSubmit}>
      <h1>{title}</h1>
      <p>{intro}</p>
      {children}
    </form>
  );
}

/** Registering, introduced as the division wrote it, else as the catalogue says it. */
export function RegisterForm({ index, ...form }: StepProps) {
  const { t } = usePublicText();
  const intro = index.translations['ext.register.intro'] ?? t('ext.register.intro', { division: index.divisionName, organisation: index.orgName });
  return <StepForm title={t('ext.register.title')} intro={intro} {...form} />;
}

export function ConfirmForm({ index, ...form }: StepProps) {
  const { t } = usePublicText();
  return <StepForm title={t('ext.confirm.title')} intro={t('ext.confirm.intro', { division: index.divisionName })} {...form} />;
}

/** The referral's heading and intro (as the division wrote it, else as the catalogue says it) over its form. */
export function ReferralIntro({ index, children }: Omit<StepProps, 'onSubmit'>) {
  const { t } = usePublicText();
  return (
    <div className="ext-referral">
      <h1>{t('ext.referral.title')}</h1>
      <p className="ext-intro">{index.translations['ext.referral.intro'] ?? t('ext.referral.intro', { division: index.divisionName, organisation: index.orgName })}</p>
      {children}
    </div>
  );
}
