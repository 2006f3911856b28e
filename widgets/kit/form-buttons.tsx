import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';

/**
 * A form's Cancel and Save, the same in every form: both off while saving,
 * Save saying so. `slot="footer"` puts them in a dialog's footer, where Save
 * submits by `onSave` since it sits outside the form element.
 */
export function FormButtons({ busy, onCancel, onSave, slot, saveLabel = 'Save' }: { busy: boolean; onCancel: () => void; onSave?: () => void; slot?: 'footer'; saveLabel?: string }) {
  const buttons = (
    <>
      <SlButton slot={slot} onClick={onCancel} disabled={busy && !slot}>
        Cancel
      </SlButton>
      <SlButton slot={slot} type={onSave ? 'button' : 'submit'} variant="primary" disabled={busy} onClick={onSave}>
        {busy ? 'Working ...' : saveLabel}
      </SlButton>
    </>
  );
  return slot ? buttons : <div className="form-buttons">{buttons}</div>;
}
