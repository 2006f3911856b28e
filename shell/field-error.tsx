import { fieldMessage } from '../shared/api/errors';
import './account-forms.css';

/** "User name is required" for the bare 'Required'; any other message reads on its own. */
export function FieldError({ id, label, message }: { id: string; label: string; message?: string }) {
  const text = !message || message === 'Required' ? `${label} ${fieldMessage('Required')}` : message;
  return (
    <span id={id} className="care-field-error">
      {text}
    </span>
  );
}
