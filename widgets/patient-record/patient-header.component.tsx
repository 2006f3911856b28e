import { lazy, Suspense, useState } from 'react';
import dayjs from 'dayjs';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import SlMenu from '@shoelace-style/shoelace/dist/react/menu/index.js';
import SlMenuItem from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
import { nowMs } from '../../shared/clock';
import { formatDate, formatPhone } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { legalStatusOf } from '../../shared/legal-status';
import { homeMode } from '../../shared/modes';
import { hasAnyFlag, CARE_FLAGS } from '../../shared/permissions';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { useFlags } from '../kit/use-flags';
import { AvatarDialog } from './avatar-dialog';
import { EpisodeStatusDialog } from './episode-status-dialog';
import { useAvatarSrc } from './patient-header.resource';
import { PriorityNoteDialog } from './priority-note-dialog';
import { usePatient, type RecordPatient } from './patient-record.resource';
import { PatientRecordStyles } from './patient-record.styles';
import { matchRecordPage } from './record-pages';
import { whenClosed } from '../kit/dialog-closed';

export interface HeaderAction {
  value: string;
  label: string;
  /** Shown only when this holds (e.g. the page it opens exists). */
  available: () => boolean;
}

/** The gear menu (spec 001 "Patient header"); an entry opens its record page. */
const PAGE_ACTIONS: (HeaderAction & { path: string })[] = [
  { value: 'badge', label: 'Badges', path: 'badge', available: () => !!matchRecordPage('badge') },
  { value: 'demographics', label: 'Demographics', path: 'demographics', available: () => !!matchRecordPage('demographics') },
];

/** Identity users' alert badges bar: its own chunk, loaded only for them. */
const AlertBadges = lazy(() => import('../identity-record/alert-badges.component').then((m) => ({ default: m.AlertBadges })));

export const fullName = (p: Pick<RecordPatient, 'firstName' | 'middleName' | 'lastName'>) => [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
const initials = (p: RecordPatient) => `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`.toUpperCase();
const ageOf = (birthDate: string) => dayjs(nowMs()).diff(dayjs(birthDate), 'year');

function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

type DialogName = 'episode' | 'avatar' | 'note';

export interface PatientHeaderProps {
  patient: RecordPatient & { personImage?: string | null; badges?: { badgeUid: string; badgeLabel: string; color: string | null }[] };
  /** After a change from the gear menu: read the patient again. */
  onChanged?: () => void;
}

/**
 * Spec 001 "Patient header": avatar (click to enlarge), name, date of birth
 * and age, sex, gender identity, phone, episode status, badges and the
 * priority-note banner, and the gear menu. Identity users see the identity
 * header: SACWIS person id and legal status instead of phone and episode
 * status, and the alert badges bar.
 */
export function PatientHeader({ patient, onChanged = () => undefined }: PatientHeaderProps) {
  const emit = useEmit();
  const flags = useFlags();
  const tr = useTranslate();
  const [enlarged, setEnlarged] = useState(false);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const avatarSrc = useAvatarSrc(patient.personImage);
  // The menu offers only what the server lets this caller do.
  const canEdit = hasAnyFlag(flags ?? {}, CARE_FLAGS);
  const episodeUid = patient.summaryPatient.patientEpisodeUid;
  const dialogActions: { value: DialogName; label: string; available: boolean }[] = [
    { value: 'episode', label: 'Change Episode Status', available: canEdit && !!episodeUid },
    { value: 'avatar', label: 'Change Profile Picture', available: canEdit },
    { value: 'note', label: patient.note ? 'Edit Priority Note' : 'Add Priority Note', available: canEdit },
  ];
  const actions = [...dialogActions.filter((a) => a.available), ...PAGE_ACTIONS.filter((a) => a.available())];
  const name = fullName(patient);
  const identity = !!flags && homeMode(flags) === 'identity';
  const open = (value: string) => {
    const action = PAGE_ACTIONS.find((a) => a.value === value);
    if (action) emit('care-navigate', { path: `/patients/${encodeURIComponent(patient.patientUid)}/${action.path}` });
    else setDialog(value as DialogName);
  };
  const close = () => setDialog(null);

  return (
    <header className="record-header">
      {avatarSrc ? (
        <button type="button" className="record-avatar" aria-label={`Enlarge the picture of ${name}`} onClick={() => setEnlarged(true)}>
          <img src={avatarSrc} alt="" />
        </button>
      ) : (
        // Without a picture there is nothing to enlarge: the initials are an image of the name, not a control.
        <span className="record-avatar" role="img" aria-label={`${name} (no picture)`}>
          {initials(patient)}
        </span>
      )}
      <div className="record-identity">
        <h1>{name}</h1>
        <dl className="record-facts">
          <Fact term="Date of Birth" value={patient.birthDate ? `${formatDate(patient.birthDate)} (${ageOf(patient.birthDate)})` : null} />
          <Fact term="Sex" value={patient.genderLabel} />
          <Fact term="Gender Identity" value={patient.genderIdentityLabel} />
          {identity ? (
            <>
              <Fact term="SACWIS Person ID" value={patient.sacwisPersonId} />
              <Fact term="Legal Status" value={legalStatusOf(patient.agencyLegalStatus).label} />
            </>
          ) : (
            <>
              <Fact term="Phone" value={patient.phone ? formatPhone(patient.phone) : null} />
              <Fact term="Episode Status" value={patient.summaryPatient.episodeStatusLabel} />
            </>
          )}
        </dl>
        {identity && (
          <Suspense fallback={null}>
            <AlertBadges patientId={patient.patientUid} />
          </Suspense>
        )}
        {!!patient.badges?.length && (
          <ul className="record-pills" aria-label="Badges">
            {patient.badges.map((b) => (
              <li key={b.badgeUid} className="record-pill" style={b.color ? { background: b.color } : undefined}>
                {b.badgeLabel}
              </li>
            ))}
          </ul>
        )}
      </div>
      {actions.length > 0 && (
        <SlDropdown placement="bottom-end" className="record-gear">
          <SlButton slot="trigger" caret aria-label={tr('Patient actions')}>
            Actions
          </SlButton>
          <SlMenu onSlSelect={(e) => open(e.detail.item.value)}>
            {actions.map((a) => (
              <SlMenuItem key={a.value} value={a.value}>
                {a.label}
              </SlMenuItem>
            ))}
          </SlMenu>
        </SlDropdown>
      )}
      {patient.note && (
        <p className="record-note" role="note" aria-label="Priority note">
          {patient.note}
        </p>
      )}
      {avatarSrc && (
        <SlDialog label={name} open={enlarged} onSlAfterHide={whenClosed(() => setEnlarged(false))}>
          <img className="avatar-large" src={avatarSrc} alt={`Picture of ${name}`} />
        </SlDialog>
      )}
      {/* Mounted while open: each opening starts from the patient's current values. */}
      {dialog === 'episode' && episodeUid && (
        <EpisodeStatusDialog onClose={close} onSaved={onChanged} patientEpisodeUid={episodeUid} statusUid={patient.summaryPatient.episodeStatusUid} />
      )}
      {dialog === 'avatar' && <AvatarDialog onClose={close} onSaved={onChanged} patientUid={patient.patientUid} />}
      {dialog === 'note' && <PriorityNoteDialog onClose={close} onSaved={onChanged} patientUid={patient.patientUid} note={patient.note} />}
    </header>
  );
}

/** The header on its own (`<care-patient-header>`): reads the patient itself. */
export function PatientHeaderWidget({ patientId }: { patientId: string }) {
  const patient = usePatient(patientId);
  const tr = useTranslate();
  return (
    <>
      <PatientRecordStyles />
      <LoadState isLoading={patient.isLoading} error={patient.error} errorText={tr('Patient not found')} lines={2}>
        {patient.data && <PatientHeader patient={patient.data} onChanged={patient.reload} />}
      </LoadState>
    </>
  );
}
