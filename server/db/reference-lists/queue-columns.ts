/** What the New Referrals queue shows after the columns every queue has: why each patient was referred and with which codes (issue 35). */
export const NEW_REFERRAL_COLUMNS = [
  { column_name: 'referral_reason', display_header: 'Referral Reason', is_hidden: false },
  { column_name: 'referral_codes', display_header: 'Referral Codes', is_hidden: false },
];
