/** What only the Outbound Referrals pages add to the section page. */
const css = /* css */ `
.referral-status { display: inline-flex; flex-direction: column; align-items: flex-start; gap: var(--care-space-3xs); }
.referral-status .status-time, .referral-target small { color: var(--care-color-text-subtle); font-size: var(--care-font-size-xs); white-space: nowrap; }
.referral-target { display: inline-flex; flex-direction: column; }
.received-referrals h3, .referral-answer h3 { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.radio-group { border: 0; padding: 0; margin: 0; min-width: 0; }
.radio-group > legend { font-weight: var(--care-font-weight-semibold); padding: 0; margin-bottom: var(--care-space-3xs); }
.radio-options { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-m); }
label.radio { white-space: nowrap; display: inline-flex; align-items: center; gap: var(--care-space-2xs); font-weight: var(--care-font-weight-normal); }
.referral-note { margin: 0; color: var(--care-color-text-muted); }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.referral-target small.referral-codes { white-space: normal; overflow-wrap: anywhere; }
.referral-actions { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs); }
.received-referrals + .received-referrals { margin-top: var(--care-space-m); }

`;

export function ReferralStyles() {
  return <style>{css}</style>;
}
