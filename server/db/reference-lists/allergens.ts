import { MEDICATION_ALLERGY_NAME } from '../../../shared/schemas/allergies';
import { referenceName } from './names';

/**
 * `reference-allergy`: what a patient can be allergic to, grouped by
 * `ref_data_type`. The one entry named `medication` stands for an allergy to a
 * particular medication, which the allergy then names from
 * `reference-medication` (spec 001 section 5); drug classes are listed as
 * allergens of their own because records and parents name them that way
 * ("allergic to penicillin", "sulfa allergy").
 */
const MEDICATION_ALLERGY = { name: MEDICATION_ALLERGY_NAME, label: 'Medication', type: 'Medication' } as const;

const ALLERGEN_TYPES = ['Medication', 'Drug class', 'Food', 'Environmental', 'Insect', 'Other'] as const;

const FOODS = [
  'Peanut', 'Tree nuts', 'Milk', 'Egg', 'Wheat', 'Soy', 'Fish', 'Shellfish', 'Sesame', 'Mustard', 'Corn', 'Gluten', 'Coconut', 'Kiwi',
  'Strawberry', 'Banana', 'Avocado', 'Tomato', 'Celery', 'Legumes', 'Red meat (alpha-gal)', 'Food dyes', 'Sulfites',
];
const DRUG_CLASSES = [
  'Penicillins', 'Cephalosporins', 'Sulfonamide antibiotics', 'Macrolides', 'Fluoroquinolones', 'Tetracyclines', 'Aminoglycosides',
  'Nonsteroidal anti-inflammatory drugs (NSAIDs)', 'Aspirin and salicylates', 'Opioids', 'Anticonvulsants', 'ACE inhibitors', 'Local anesthetics',
  'General anesthetics', 'Neuromuscular blockers', 'Iodinated contrast media', 'Gadolinium contrast media', 'Insulin', 'Vaccines', 'Chemotherapy agents',
  'Monoclonal antibodies', 'Antipsychotics', 'Benzodiazepines', 'Statins', 'Heparins',
];
const ENVIRONMENTAL = [
  'Tree pollen', 'Grass pollen', 'Ragweed pollen', 'Weed pollen', 'Dust mites', 'Mold', 'Cat dander', 'Dog dander', 'Horse dander', 'Rodents',
  'Cockroach', 'Latex', 'Nickel', 'Fragrances', 'Adhesive tape', 'Chlorhexidine', 'Iodine (povidone-iodine)', 'Cold (cold urticaria)', 'Sunlight',
];
const INSECTS = ['Bee sting', 'Wasp sting', 'Hornet sting', 'Yellow jacket sting', 'Fire ant sting', 'Mosquito bite'];
const OTHER = ['Other'];

/** In the order the form groups them; each group alphabetical but 'Other' last. */
export const ALLERGENS: readonly { name: string; label: string; type: (typeof ALLERGEN_TYPES)[number] }[] = [
  MEDICATION_ALLERGY,
  ...[...DRUG_CLASSES].sort().map((label) => ({ name: referenceName(label), label, type: 'Drug class' as const })),
  ...[...FOODS].sort().map((label) => ({ name: referenceName(label), label, type: 'Food' as const })),
  ...[...ENVIRONMENTAL].sort().map((label) => ({ name: referenceName(label), label, type: 'Environmental' as const })),
  ...[...INSECTS].sort().map((label) => ({ name: referenceName(label), label, type: 'Insect' as const })),
  ...OTHER.map((label) => ({ name: referenceName(label), label, type: 'Other' as const })),
];

