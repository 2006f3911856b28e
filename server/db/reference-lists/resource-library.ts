import type { ResourceTarget } from '../../../shared/schemas/resources';

/**
 * The resource library every install starts with (spec 002 "Resource
 * library"): public services a care coordinator hands to a patient or family
 * (`patient`), and guidance staff read themselves (`clinician`). Real
 * organisations and their public addresses; an install adds its local ones.
 * Titles carry the phone or text number where the service is a line people
 * call, so the number is there even when the link is not opened.
 */
export interface LibraryResource {
  title: string;
  category: string;
  target: ResourceTarget;
  link: string;
}

type Category = 'Crisis and Safety' | 'Substance Use' | 'Food and Nutrition' | 'Health Coverage' | 'Housing and Utilities' | 'Foster Care' | 'Community Services' | 'Clinical Guidance';

const r = (category: Category, target: ResourceTarget, title: string, link: string): LibraryResource => ({ title, category, target, link });

/** In the order the library lists them within a category (the sort order is the position here). */
export const RESOURCE_LIBRARY: LibraryResource[] = [
  r('Crisis and Safety', 'patient', '988 Suicide & Crisis Lifeline (call or text 988)', 'https://988lifeline.org/'),
  r('Crisis and Safety', 'patient', 'Crisis Text Line (text HOME to 741741)', 'https://www.crisistextline.org/'),
  r('Crisis and Safety', 'patient', 'Poison Control (1-800-222-1222)', 'https://www.poison.org/'),
  r('Crisis and Safety', 'patient', 'National Domestic Violence Hotline (1-800-799-7233)', 'https://www.thehotline.org/'),
  r('Crisis and Safety', 'patient', 'Childhelp National Child Abuse Hotline (1-800-422-4453)', 'https://www.childhelphotline.org/'),
  r('Substance Use', 'patient', 'SAMHSA National Helpline (1-800-662-4357)', 'https://www.samhsa.gov/find-help/helplines/national-helpline'),
  r('Substance Use', 'patient', 'FindTreatment.gov: Substance Use and Mental Health Treatment Locator', 'https://findtreatment.gov/'),
  r('Substance Use', 'patient', 'Ohio Naloxone: Free Naloxone and Project DAWN Sites', 'https://naloxone.ohio.gov/'),
  r('Substance Use', 'patient', 'Nar-Anon Family Groups', 'https://www.nar-anon.org/'),
  r('Substance Use', 'patient', 'Narcotics Anonymous Meeting Search', 'https://www.na.org/meetingsearch/'),
  r('Food and Nutrition', 'patient', 'SNAP (Supplemental Nutrition Assistance Program)', 'https://www.fns.usda.gov/snap/supplemental-nutrition-assistance-program'),
  r('Food and Nutrition', 'patient', 'WIC (Women, Infants, and Children)', 'https://www.fns.usda.gov/wic'),
  r('Food and Nutrition', 'patient', 'Feeding America: Find Your Local Food Bank', 'https://www.feedingamerica.org/find-your-local-foodbank'),
  r('Health Coverage', 'patient', 'Ohio Benefits: Apply for Medicaid, SNAP and Cash Assistance', 'https://benefits.ohio.gov/'),
  r('Health Coverage', 'patient', 'Medicaid', 'https://www.medicaid.gov/'),
  r('Health Coverage', 'patient', 'Insure Kids Now: Medicaid and CHIP for Children', 'https://www.insurekidsnow.gov/'),
  r('Health Coverage', 'patient', 'HealthCare.gov: Health Insurance Marketplace', 'https://www.healthcare.gov/'),
  r('Housing and Utilities', 'patient', 'HUD Rental Assistance', 'https://www.hud.gov/topics/rental_assistance'),
  r('Housing and Utilities', 'patient', 'LIHEAP: Help With Heating and Cooling Bills', 'https://www.acf.hhs.gov/ocs/programs/liheap'),
  r('Housing and Utilities', 'patient', 'Lifeline: Discounted Phone and Internet Service', 'https://www.lifelinesupport.org/'),
  r('Foster Care', 'patient', 'Ohio Youth and Family Ombudsmen (1-877-OH-YOUTH)', 'https://youthandfamilyombudsmen.ohio.gov/'),
  r('Foster Care', 'patient', 'Ohio Foster Youth Bill of Rights (OAC 5101:2-5-35)', 'https://codes.ohio.gov/ohio-administrative-code/rule-5101:2-5-35'),
  r('Foster Care', 'patient', 'Bridges: Support for Ohio Young Adults Leaving Foster Care', 'https://bridgesohio.org/'),
  r('Foster Care', 'patient', 'FosterClub: For Young People in Foster Care', 'https://www.fosterclub.org/'),
  r('Community Services', 'patient', 'Ohio 211 (dial 211)', 'https://ohio211.org/'),
  r('Community Services', 'patient', '211: Local Help Anywhere in the US', 'https://www.211.org/'),
  r('Crisis and Safety', 'clinician', 'NIMH Ask Suicide-Screening Questions (ASQ) Toolkit', 'https://www.nimh.nih.gov/research/research-conducted-at-nimh/asq-toolkit-materials'),
  r('Crisis and Safety', 'clinician', 'Zero Suicide Toolkit', 'https://zerosuicide.edc.org/'),
  r('Foster Care', 'clinician', 'Child Welfare Information Gateway', 'https://www.childwelfare.gov/'),
  r('Foster Care', 'clinician', 'AAP Healthy Foster Care America', 'https://www.aap.org/en/patient-care/foster-care/'),
  r('Foster Care', 'clinician', 'The National Child Traumatic Stress Network', 'https://www.nctsn.org/'),
  r('Clinical Guidance', 'clinician', 'SAMHSA TIP 57: Trauma-Informed Care in Behavioral Health Services', 'https://store.samhsa.gov/product/tip-57-trauma-informed-care-behavioral-health-services/sma14-4816'),
  r('Clinical Guidance', 'clinician', 'CDC Clinical Practice Guideline for Prescribing Opioids for Pain (2022)', 'https://www.cdc.gov/mmwr/volumes/71/rr/rr7103a1.htm'),
  r('Health Coverage', 'clinician', 'Medicaid EPSDT: Early and Periodic Screening, Diagnostic and Treatment', 'https://www.medicaid.gov/medicaid/benefits/early-and-periodic-screening-diagnostic-and-treatment/index.html'),
  r('Health Coverage', 'clinician', 'OhioRISE: Behavioral Health Care for Ohio Youth', 'https://medicaid.ohio.gov/families-and-individuals/coverage/ohiorise'),
];
