import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { ApiError } from '../shared/api/errors';
import { ChangePasswordSchema, MIN_PASSWORD_LENGTH, type ChangePassword } from '../shared/schemas/auth';
import { toast } from '../widgets/kit/toasts';
import { FieldError } from './field-error';
import { changePassword } from './account-actions';
import './account-forms.css';
import { accountText as t } from './account-text';
import { whenClosed } from '../widgets/kit/dialog-closed';

const FIELDS = [
  { name: 'currentPassword', label: 'changePassword.currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'changePassword.newPassword', autoComplete: 'new-password' },
] as const;

/** Only offered when the user signs in with Careweave's own credential service (spec 000 section 2). */
export function ChangePasswordDialog({ userName, open, onClose }: { userName: string; open: boolean; onClose: () => void }) {
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePassword>({
    resolver: superstructResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = async (values: ChangePassword) => {
    try {
      await changePassword(values.currentPassword, values.newPassword);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.errors : [{ message: t('signIn.unreachable') }];
      for (const e of fieldErrors) {
        const field = e.field === 'currentPassword' || e.field === 'newPassword' ? e.field : 'root.server';
        setError(field, { message: e.message });
      }
      return;
    }
    toast(t('changePassword.changed'), 'success');
    close();
  };

  return (
    <SlDialog label={t('changePassword.title')} open={open} onSlAfterHide={whenClosed(close)}>
      <form id="care-change-password" onSubmit={handleSubmit(onSubmit)} noValidate>
        {errors.root?.server && (
          <div className="care-alert care-alert-danger" role="alert">
            {errors.root.server.message}
          </div>
        )}
        {/* Lets password managers know whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        {FIELDS.map((f) => (
          <div className="care-field" key={f.name}>
            <label htmlFor={`cp-${f.name}`}>{t(f.label)}</label>
            <input
              id={`cp-${f.name}`}
              type="password"
              autoComplete={f.autoComplete}
              aria-invalid={!!errors[f.name]}
              aria-describedby={`cp-${f.name}-error`}
              {...register(f.name)}
            />
            {f.name === 'newPassword' && <span className="care-hint">{t('password.minLength', { count: MIN_PASSWORD_LENGTH })}</span>}
            {errors[f.name] && <FieldError id={`cp-${f.name}-error`} label={t(f.label)} message={errors[f.name]?.message} />}
          </div>
        ))}
      </form>
      <div slot="footer" className="care-dialog-actions">
        <button type="button" className="care-button" onClick={close}>
          {t('changePassword.cancel')}
        </button>
        <button type="submit" form="care-change-password" className="care-button care-button-primary" disabled={isSubmitting}>
          {t('changePassword.submit')}
        </button>
      </div>
    </SlDialog>
  );
}
