import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import { formatDate, formatDateTime, formatPhone } from '../../shared/format';
import { useIdentityAlerts, type AlertKind } from './identity.resource';

/** Spec 001 "Alert badges bar": each alert's label, in the spec's order (section 9). */
export const ALERT_LABELS: Record<AlertKind, string> = {
  restricted: 'Is Restricted',
  allergies: 'Allergies',
  hospitalized: 'Currently Hospitalized',
  awol: 'AWOL',
  'on-leave': 'On Leave',
  residential: 'Residential Care',
  ohiorise: 'OhioRISE',
};

type Detail = Record<string, string | null>;
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The popover's lines for one detail row of an alert. */
function linesOf(kind: AlertKind, d: Detail): string[] {
  switch (kind) {
    case 'restricted':
      return [d.case_id ? `Restricted case ${d.case_id}${d.agency_name ? `, ${d.agency_name}` : ''}` : 'This is a restricted case.'];
    case 'allergies':
      return [join(d.allergen, d.reaction, d.severity), `via ${d.source_name}${d.noted_date ? `, noted ${formatDate(d.noted_date)}` : ''}`];
    case 'hospitalized':
    case 'residential':
      return [
        `Admitted ${formatDateTime(d.admit_time)}${d.chief_complaint ? `: ${d.chief_complaint}` : ''}`,
        join(d.source_name, d.location, d.room ? `Room ${d.room}` : null, d.bed ? `Bed ${d.bed}` : null),
        join(d.dep_address, d.dep_city, [d.dep_state, d.dep_zip].filter(Boolean).join(' ')),
        d.phone ? formatPhone(d.phone) : '',
      ].filter(Boolean);
    case 'awol':
    case 'on-leave':
      return [`${d.leave_type} since ${formatDate(d.leave_date)}`];
    case 'ohiorise':
      return [`${d.mcp_name}, enrolled ${formatDate(d.mcp_enrollment_date)}`];
  }
}

/** The alerts that hold for the patient, each a button whose popover gives the details. */
export function AlertBadges({ patientId }: { patientId: string }) {
  const alerts = useIdentityAlerts(patientId);
  if (!alerts.data?.length) return null;
  return (
    <ul className="record-alerts" aria-label="Alerts">
      {alerts.data.map((alert) => (
        <li key={alert.kind}>
          <SlDropdown placement="bottom-start" distance={4}>
            <button slot="trigger" type="button" className={`record-alert record-alert-${alert.kind}`}>
              {ALERT_LABELS[alert.kind]}
            </button>
            <div className="record-alert-popover" role="dialog" aria-label={ALERT_LABELS[alert.kind]}>
              <strong>{ALERT_LABELS[alert.kind]}</strong>
              <ul>
                {alert.details.map((d, i) => (
                  <li key={i}>
                    {linesOf(alert.kind, d).map((line, j) => (
                      <span key={j}>{line}</span>
                    ))}
                  </li>
                ))}
              </ul>
            </div>
          </SlDropdown>
        </li>
      ))}
    </ul>
  );
}
