import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useMediaQuery } from '../kit/use-media-query';
import { useFormText } from '../kit/public-i18n';

/** The sheet's sections, in order; each is a fieldset with `data-step`. */
export const SHEET_STEPS = ['agency', 'client', 'incident', 'outcome'] as const;
export type SheetStep = (typeof SHEET_STEPS)[number];

/** One column: the same width at which the sheet's grid folds (cit.styles.tsx). */
const PHONE = '(max-width: 575.98px)';

/** The fields a section holds, as the form knows them (a checkbox group once). */
function fieldsOf(root: HTMLElement | null, step: SheetStep): string[] {
  const section = root?.querySelector<HTMLFieldSetElement>(`fieldset[data-step="${step}"]`);
  return [...new Set([...(section?.elements ?? [])].map((e) => (e as HTMLInputElement).name).filter(Boolean))];
}

/** The section that holds a field. */
function stepOf(root: HTMLElement | null, name: string): SheetStep | null {
  const field = root?.querySelector(`[name="${CSS.escape(name)}"]`);
  return (field?.closest('fieldset[data-step]')?.getAttribute('data-step') as SheetStep | null) ?? null;
}

/**
 * Issue 39 section 3: on a phone the long sheet is one section at a time, with Next and Back under the
 * thumb. Next checks the section's own fields first, so an error shows beside its field, not three
 * screens later. Every field stays in the form (hidden, not removed): nothing typed is lost, and Save
 * checks the whole sheet. An error in another section (on Save, or sent back by the server) opens it.
 * On a wider screen the sheet is whole, as before.
 */
export function useSheetSteps<T extends FieldValues>(root: RefObject<HTMLElement | null>, form: UseFormReturn<T>, open: boolean) {
  const stepped = useMediaQuery(PHONE);
  const [step, setStep] = useState<SheetStep>('agency');
  const heading = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  // Recognized, the sheet moves on to the client; no longer recognized, back to the agency.
  useEffect(() => setStep((now) => (open ? (now === 'agency' ? 'client' : now) : 'agency')), [open]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  const go = (to: SheetStep) => {
    moved.current = true;
    setStep(to);
  };
  const index = SHEET_STEPS.indexOf(step);
  const next = async () => {
    if (await form.trigger(fieldsOf(root.current, step) as Path<T>[], { shouldFocus: true })) go(SHEET_STEPS[index + 1]);
  };
  /** Opens the section of a field, then focuses it. */
  const reveal = (name: string) => {
    const to = stepOf(root.current, name);
    if (!stepped || !to || to === step) return form.setFocus(name as Path<T>);
    setStep(to);
    setTimeout(() => form.setFocus(name as Path<T>));
  };
  /** After a refused Save: the first section with an error. */
  const revealFirstError = () => {
    const first = SHEET_STEPS.find((s) => fieldsOf(root.current, s).some((name) => form.getFieldState(name as Path<T>).error));
    if (stepped && first && first !== step) go(first);
  };
  return {
    stepped,
    step,
    /** Whether a section shows: all of them on a wide screen. */
    shows: (s: SheetStep) => !stepped || s === step,
    last: index === SHEET_STEPS.length - 1,
    next,
    back: () => go(SHEET_STEPS[Math.max(0, index - 1)]),
    reveal,
    revealFirstError,
    progress: stepped ? <StepProgress step={step} heading={heading} /> : null,
  };
}

/** Where the officer is in the sheet: "Step 2 of 4: Client", and a bar of the four sections. */
function StepProgress({ step, heading }: { step: SheetStep; heading: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useFormText();
  const index = SHEET_STEPS.indexOf(step);
  return (
    <nav className="cit-steps" aria-label={t('cit.steps.label')}>
      <p ref={heading} tabIndex={-1} data-testid="cit-step">
        {t('cit.steps.now', { n: index + 1, total: SHEET_STEPS.length, name: t(`cit.${step}`) })}
      </p>
      <ol>
        {SHEET_STEPS.map((s, i) => (
          <li key={s} className={i < index ? 'done' : undefined} aria-current={s === step ? 'step' : undefined}>
            {t(`cit.${s}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
