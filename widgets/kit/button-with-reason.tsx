import { useId, type ButtonHTMLAttributes } from 'react';
import { adoptCss } from './adopt-css';

/** The reason, drawn as Shoelace draws a tooltip, while the button is pointed at or focused. */
const css = /* css */ `
.why-off { position: relative; display: inline-flex; }
/* Off as a disabled button looks. */
.why-off > button { opacity: 0.5; cursor: not-allowed; }
.why-off-tip {
  position: absolute; top: 100%; left: 0; margin-top: var(--care-space-2xs); z-index: 1; width: max-content; max-width: 18rem; visibility: hidden;
  padding: var(--sl-tooltip-padding); border-radius: var(--sl-tooltip-border-radius); background: var(--sl-tooltip-background-color);
  color: var(--sl-tooltip-color); font-size: var(--sl-tooltip-font-size); line-height: var(--sl-tooltip-line-height);
}
.why-off:hover .why-off-tip, .why-off:focus-within .why-off-tip { visibility: visible; }
`;

export type ButtonWithReasonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Why the button is off; while set, a click does nothing. */
  disabledReason?: string | null;
};

/**
 * A button the spec keeps off in some states, saying why (issue 32 §5). While
 * off it is `aria-disabled`, not `disabled`: a disabled button takes neither
 * focus nor hover, so its reason could reach no one using a keyboard. The
 * reason is its accessible description and a tooltip shown while the button
 * is pointed at or focused.
 */
export function ButtonWithReason({ disabledReason, onClick, disabled, children, ...rest }: ButtonWithReasonProps) {
  const id = useId();
  if (!disabledReason)
    return (
      <button type="button" {...rest} disabled={disabled} onClick={onClick}>
        {children}
      </button>
    );
  return (
    <span className="why-off" ref={(el) => adoptCss(el, css)}>
      <button type="button" {...rest} aria-disabled="true" aria-describedby={id}>
        {children}
      </button>
      <span role="tooltip" id={id} className="why-off-tip">
        {disabledReason}
      </span>
    </span>
  );
}
