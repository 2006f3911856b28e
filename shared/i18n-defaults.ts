/** Default language (spec 000 section 9: English, US) and the texts a division may rename. */
export const DEFAULT_LANG = 'en-US';

export const DEFAULT_STRINGS: Record<string, string> = {
  patient: 'Patient',
  patients: 'Patients',
  searchPatients: 'Search Patients',
};
