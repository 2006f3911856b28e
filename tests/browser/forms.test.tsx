import { useEffect } from 'react';
import { nonempty, object, string } from 'superstruct';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../shared/api/errors';
import { ErrorSummary } from '../../widgets/kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../../widgets/kit/forms';
import { equal, ok } from './support/assert';
import { buttonByText, byLabel, cleanup, render, text, typeInto, waitFor } from './support/dom';

const schema = object({ firstName: nonempty(string()), city: string() });
type Values = { firstName: string; city: string };

function ReferralForm({ onForm, onValid }: { onForm?: (form: UseFormReturn<Values>) => void; onValid?: (v: Values) => void }) {
  const form = useCareForm(schema, { defaultValues: { firstName: '', city: '' } });
  useEffect(() => {
    onForm?.(form);
  }, [form, onForm]);
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onValid?.(v))}>
      <ErrorSummary form={form} labels={{ firstName: 'First name' }} />
      <Field form={form} name="firstName" label="First name" />
      <Field form={form} name="city" label="City" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('forms kit', () => {
  afterEach(cleanup);

  it('shows no summary before the first submit, then lists "First name is required"', async () => {
    const root = render(<ReferralForm />);
    await waitFor(() => root.querySelector('form'));
    equal(root.querySelector('.error-summary'), null);
    buttonByText(root, 'Save').click();
    const summary = await waitFor(() => root.querySelector('.error-summary'), { message: 'summary' });
    ok(text(summary).includes('First name is required'), text(summary));
    const input = byLabel(root, 'First name');
    equal(input.getAttribute('aria-invalid'), 'true');
    const error = root.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!)}`);
    equal(text(error), 'First name is required');
  });

  it('clears the error when the field becomes valid and submits the values', async () => {
    const submitted: Values[] = [];
    const root = render(<ReferralForm onValid={(v) => submitted.push(v)} />);
    await waitFor(() => root.querySelector('form'));
    buttonByText(root, 'Save').click();
    await waitFor(() => root.querySelector('.error-summary'));
    typeInto(byLabel(root, 'First name'), 'Ada');
    buttonByText(root, 'Save').click();
    await waitFor(() => submitted.length === 1, { message: 'submit' });
    equal(submitted[0].firstName, 'Ada');
    equal(root.querySelector('.error-summary'), null);
  });

  it('maps server field errors onto fields, "Required" as "is required"', async () => {
    let form!: UseFormReturn<Values>;
    const root = render(<ReferralForm onForm={(f) => {
          form = f;
        }} onValid={() => applyServerErrors(form, new ApiError(422, [{ field: 'city', message: 'Required' }, { message: 'Referral could not be saved.' }]))} />);
    await waitFor(() => root.querySelector('form'));
    typeInto(byLabel(root, 'First name'), 'Ada');
    buttonByText(root, 'Save').click();
    await waitFor(() => text(root).includes('City is required'), { message: 'server error on field' });
    const summary = root.querySelector('.error-summary');
    ok(text(summary).includes('Referral could not be saved.'), text(summary));
    ok(text(summary).includes('City is required'), text(summary));
    equal(byLabel(root, 'City').getAttribute('aria-invalid'), 'true');
  });
});
