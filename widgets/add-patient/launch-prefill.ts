import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/api/client';
import { blankAddress, type AddPatientValues } from '../../shared/schemas/add-patient';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { AddPatientOptions } from './add-patient.resource';

/** What the server read from the EHR's Patient after a launch that matched nobody (GET /api/smart/launch-patient). */
export interface LaunchPatient {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  birthDate: string | null;
  gender: 'male' | 'female' | null;
  mobilePhone: string | null;
  homePhone: string | null;
  workPhone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postCode: string | null;
  mrn: string | null;
  ehrName: string | null;
}

/** Issue 34: the EHR's patient, once, for a form opened from a launch; null when there is none (a plain Add Patient). */
export function useLaunchPatient(fromEhr: boolean): { launch: LaunchPatient | null; ready: boolean } {
  const client = useWidgetApi();
  const [state, setState] = useState<{ launch: LaunchPatient | null; ready: boolean }>({ launch: null, ready: !fromEhr });
  useEffect(() => {
    if (!fromEhr) return;
    let live = true;
    client
      .get<{ data: { attributes: LaunchPatient } }>('smart/launch-patient')
      .then((doc) => live && setState({ launch: doc.data.attributes, ready: true }))
      // No launch patient (used already, another session): the ordinary empty form.
      .catch(() => live && setState({ launch: null, ready: true }));
    return () => {
      live = false;
    };
  }, [client, fromEhr]);
  return state;
}

/** The option named `labels` (exactly, else one that starts with it: "Home" finds "Home Address"); '' for none, which the user then chooses. */
const byLabel = (options: { value: string; label: string }[], ...labels: (string | null)[]) => {
  const wanted = labels.filter((l): l is string => !!l).map((l) => l.toLowerCase());
  const named = (test: (label: string, want: string) => boolean) => options.find((o) => wanted.some((w) => test(o.label.toLowerCase(), w)));
  return (named((label, want) => label === want) ?? named((label, want) => label.startsWith(want)))?.value ?? '';
};

/** The form's values from the EHR's Patient: the user checks them, the duplicate check runs as for any other. */
export function launchDefaults(base: AddPatientValues, launch: LaunchPatient, options: AddPatientOptions): AddPatientValues {
  const phones = { mobilePhone: launch.mobilePhone ?? '', homePhone: launch.homePhone ?? '', workPhone: launch.workPhone ?? '' };
  const preferred = launch.mobilePhone ? 'mobile' : launch.homePhone ? 'home' : launch.workPhone ? 'work' : '';
  const address = launch.address1
    ? [{ ...blankAddress(true), addressTypeUid: byLabel(options.addressTypes, 'Home', 'Primary residence'), addr1: launch.address1, addr2: launch.address2 ?? '', city: launch.city ?? '', countryDivisionUid: byLabel(options.states, launch.state, launch.state === 'OH' ? 'Ohio' : null), postCode: launch.postCode ?? '' }]
    : [];
  return {
    ...base,
    firstName: launch.firstName ?? '',
    lastName: launch.lastName ?? '',
    birthDate: launch.birthDate ?? '',
    genderUid: byLabel(options.genders, launch.gender),
    ...phones,
    preferredPhoneNumber: preferred || base.preferredPhoneNumber,
    addresses: address,
  };
}

/** The new patient receives the EHR's MRN (the server takes it from what it read, never from here). */
export function linkLaunchPatient(client: ApiClient, patientUid: string): Promise<unknown> {
  return client.post('smart/launch-patient/link', { patientUid });
}
