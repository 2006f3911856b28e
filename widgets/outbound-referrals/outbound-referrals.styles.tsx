/** What only the Outbound Referrals pages add to the section page. */
const css = /* css */ `
.referral-status { display: inline-flex; flex-direction: column; align-items: flex-start; gap: var(--sl-spacing-3x-small); }
.referral-status .status-time, .referral-target small { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-x-small); white-space: nowrap; }
.referral-target { display: inline-flex; flex-direction: column; }
.received-referrals h3, .referral-answer h3 { margin: 0 0 var(--sl-spacing-small); font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.radio-group { border: 0; padding: 0; margin: 0; min-width: 0; }
.radio-group > legend { font-weight: var(--sl-font-weight-semibold); padding: 0; margin-bottom: var(--sl-spacing-3x-small); }
.radio-options { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); }
label.radio { white-space: nowrap; display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); font-weight: var(--sl-font-weight-normal); }
.referral-note { margin: 0; color: var(--sl-color-neutral-700); }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }

`;

export function ReferralStyles() {
  return <style>{css}</style>;
}
