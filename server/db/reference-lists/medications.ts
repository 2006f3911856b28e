/**
 * `reference-medication`: generic (nonproprietary, USAN/INN) names of the
 * medications most often prescribed or taken over the counter in the United
 * States, weighted toward paediatric, behavioural-health and substance-use
 * care. A medication is named once, whatever its strength or brand; the
 * dosage is recorded on the patient's medication.
 */
export const MEDICATION_NAMES: readonly string[] = [
  'Abacavir', 'Acamprosate', 'Acetaminophen', 'Acetazolamide', 'Acyclovir', 'Adalimumab', 'Adapalene', 'Albendazole', 'Albuterol', 'Alendronate',
  'Allopurinol', 'Alprazolam', 'Amantadine', 'Amiodarone', 'Amitriptyline', 'Amlodipine', 'Amoxicillin', 'Amoxicillin and clavulanate', 'Amphetamine',
  'Ampicillin', 'Anastrozole', 'Apixaban', 'Aripiprazole', 'Aspirin', 'Atenolol', 'Atomoxetine', 'Atorvastatin', 'Azathioprine', 'Azelastine',
  'Azithromycin', 'Bacitracin', 'Baclofen', 'Beclomethasone', 'Benazepril', 'Benzonatate', 'Benzoyl peroxide', 'Benztropine', 'Betamethasone',
  'Bisacodyl', 'Bisoprolol', 'Brexpiprazole', 'Brimonidine', 'Budesonide', 'Budesonide and formoterol', 'Bumetanide', 'Buprenorphine',
  'Buprenorphine and naloxone', 'Bupropion', 'Buspirone', 'Calcitriol', 'Calcium carbonate', 'Canagliflozin', 'Candesartan', 'Captopril',
  'Carbamazepine', 'Carbidopa and levodopa', 'Cariprazine', 'Carvedilol', 'Cefadroxil', 'Cefalexin', 'Cefdinir', 'Cefixime', 'Cefpodoxime',
  'Cefprozil', 'Ceftriaxone', 'Cefuroxime', 'Celecoxib', 'Cetirizine', 'Chlordiazepoxide', 'Chlorhexidine', 'Chlorpheniramine', 'Chlorpromazine',
  'Chlorthalidone', 'Cholecalciferol', 'Ciprofloxacin', 'Citalopram', 'Clarithromycin', 'Clindamycin', 'Clobazam', 'Clobetasol', 'Clomipramine',
  'Clonazepam', 'Clonidine', 'Clopidogrel', 'Clotrimazole', 'Clozapine', 'Colchicine', 'Cromolyn', 'Cyanocobalamin', 'Cyclobenzaprine',
  'Cyproheptadine', 'Dapagliflozin', 'Desmopressin', 'Desvenlafaxine', 'Dexamethasone', 'Dexmethylphenidate', 'Dextroamphetamine',
  'Dextroamphetamine and amphetamine', 'Dextromethorphan', 'Diazepam', 'Diclofenac', 'Dicyclomine', 'Digoxin', 'Diltiazem', 'Diphenhydramine',
  'Disulfiram', 'Divalproex', 'Docusate', 'Donepezil', 'Doxazosin', 'Doxepin', 'Doxycycline', 'Dronabinol', 'Dulaglutide', 'Duloxetine',
  'Dupilumab', 'Efavirenz', 'Emtricitabine and tenofovir', 'Empagliflozin', 'Enalapril', 'Enoxaparin', 'Epinephrine', 'Erythromycin',
  'Escitalopram', 'Esomeprazole', 'Estradiol', 'Eszopiclone', 'Ethinyl estradiol and levonorgestrel', 'Ethinyl estradiol and norethindrone',
  'Ethinyl estradiol and norgestimate', 'Ethosuximide', 'Etonogestrel', 'Ezetimibe', 'Famotidine', 'Febuxostat', 'Fenofibrate', 'Ferrous sulfate',
  'Fexofenadine', 'Finasteride', 'Fluconazole', 'Fludrocortisone', 'Fluocinolone', 'Fluocinonide', 'Fluoride', 'Fluoxetine', 'Fluphenazine',
  'Fluticasone', 'Fluticasone and salmeterol', 'Fluvoxamine', 'Folic acid', 'Formoterol', 'Fosfomycin', 'Furosemide', 'Gabapentin', 'Gentamicin',
  'Glargine insulin', 'Glimepiride', 'Glipizide', 'Glucagon', 'Glyburide', 'Glycopyrrolate', 'Guaifenesin', 'Guanfacine', 'Haloperidol',
  'Heparin', 'Hydralazine', 'Hydrochlorothiazide', 'Hydrocodone and acetaminophen', 'Hydrocortisone', 'Hydromorphone', 'Hydroxychloroquine',
  'Hydroxyurea', 'Hydroxyzine', 'Hyoscyamine', 'Ibuprofen', 'Imipramine', 'Indomethacin', 'Infliximab', 'Insulin aspart', 'Insulin degludec',
  'Insulin detemir', 'Insulin lispro', 'Ipratropium', 'Irbesartan', 'Iron polysaccharide', 'Isoniazid', 'Isosorbide mononitrate', 'Isotretinoin',
  'Ivermectin', 'Ketoconazole', 'Ketorolac', 'Labetalol', 'Lacosamide', 'Lactulose', 'Lamivudine', 'Lamotrigine', 'Lansoprazole', 'Latanoprost',
  'Leflunomide', 'Letrozole', 'Leucovorin', 'Levalbuterol', 'Levetiracetam', 'Levocetirizine', 'Levofloxacin', 'Levomilnacipran', 'Levonorgestrel',
  'Levothyroxine', 'Lidocaine', 'Linaclotide', 'Linezolid', 'Liothyronine', 'Liraglutide', 'Lisdexamfetamine', 'Lisinopril', 'Lithium',
  'Loperamide', 'Loratadine', 'Lorazepam', 'Losartan', 'Lovastatin', 'Loxapine', 'Lurasidone', 'Magnesium hydroxide', 'Magnesium oxide',
  'Medroxyprogesterone', 'Meclizine', 'Melatonin', 'Meloxicam', 'Memantine', 'Mercaptopurine', 'Mesalamine', 'Metformin', 'Methadone',
  'Methimazole', 'Methocarbamol', 'Methotrexate', 'Methylphenidate', 'Methylprednisolone', 'Metoclopramide', 'Metolazone', 'Metoprolol',
  'Metronidazole', 'Miconazole', 'Midazolam', 'Minocycline', 'Minoxidil', 'Mirtazapine', 'Mometasone', 'Montelukast', 'Morphine', 'Moxifloxacin',
  'Multivitamin', 'Mupirocin', 'Mycophenolate', 'Nabumetone', 'Nadolol', 'Naloxone', 'Naltrexone', 'Naproxen', 'Nebivolol', 'Nicotine',
  'Nifedipine', 'Nitrofurantoin', 'Nitroglycerin', 'Norethindrone', 'Nortriptyline', 'Nystatin', 'Ofloxacin', 'Olanzapine', 'Olmesartan',
  'Omega-3 fatty acids', 'Omeprazole', 'Ondansetron', 'Oseltamivir', 'Oxcarbazepine', 'Oxybutynin', 'Oxycodone', 'Oxycodone and acetaminophen',
  'Paliperidone', 'Pantoprazole', 'Paroxetine', 'Penicillin V', 'Permethrin', 'Perphenazine', 'Phenazopyridine', 'Phenobarbital', 'Phentermine',
  'Phenytoin', 'Pioglitazone', 'Polyethylene glycol 3350', 'Potassium chloride', 'Pramipexole', 'Prasugrel', 'Pravastatin', 'Prazosin',
  'Prednisolone', 'Prednisone', 'Pregabalin', 'Primidone', 'Prochlorperazine', 'Progesterone', 'Promethazine', 'Propranolol',
  'Pseudoephedrine', 'Pyridoxine', 'Quetiapine', 'Quinapril', 'Rabeprazole', 'Raloxifene', 'Ramipril', 'Ranolazine', 'Rifampin', 'Risperidone',
  'Rivaroxaban', 'Rizatriptan', 'Ropinirole', 'Rosuvastatin', 'Rufinamide', 'Salmeterol', 'Semaglutide', 'Senna', 'Sertraline', 'Sildenafil',
  'Silver sulfadiazine', 'Simethicone', 'Simvastatin', 'Sitagliptin', 'Sodium bicarbonate', 'Sodium chloride', 'Spironolactone', 'Sucralfate',
  'Sulfamethoxazole and trimethoprim', 'Sulfasalazine', 'Sumatriptan', 'Tacrolimus', 'Tadalafil', 'Tamoxifen', 'Tamsulosin', 'Temazepam',
  'Terbinafine', 'Testosterone', 'Tetracycline', 'Theophylline', 'Thiamine', 'Tiotropium', 'Tizanidine', 'Tobramycin', 'Topiramate', 'Torsemide',
  'Tramadol', 'Trazodone', 'Tretinoin', 'Triamcinolone', 'Triamterene and hydrochlorothiazide', 'Trihexyphenidyl', 'Trimethoprim', 'Ursodiol',
  'Valacyclovir', 'Valproic acid', 'Valsartan', 'Varenicline', 'Venlafaxine', 'Verapamil', 'Vilazodone', 'Vitamin D2 (ergocalciferol)', 'Vortioxetine',
  'Warfarin', 'Zidovudine', 'Ziprasidone', 'Zolpidem', 'Zonisamide',
];

/** `reference-medication-route`: how a medication is given (spec 001 "medicationRoutes (multiple)"). */
export const MEDICATION_ROUTES: readonly string[] = [
  'Oral', 'Sublingual', 'Buccal', 'Chewable', 'Inhaled', 'Nasal', 'Topical', 'Transdermal', 'Ophthalmic', 'Otic', 'Rectal', 'Vaginal',
  'Subcutaneous', 'Intramuscular', 'Intravenous', 'Feeding tube',
];
