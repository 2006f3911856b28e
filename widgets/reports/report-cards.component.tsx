import { useId, type ReactNode } from 'react';
import { DASHBOARD_REPORTS, REPORT_CARD_VIEWS, type ChartPoint, type MonthPair, type ReportCard as ReportCardData } from '../../shared/schemas/reports';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { useProgramDashboard, useReportCard } from './reports.resource';
import { useFlags } from '../kit/use-flags';
import { flagsAllow } from '../../shared/permissions';
import { BREAK_GLASS_REVIEW_OVERDUE_DAYS } from '../../shared/schemas/break-glass';

/**
 * Home report cards and the program dashboard draw their small charts as
 * SVG bars: the figures a home or a dashboard shows at a glance do not need
 * chart.js (which loads with the first full report that draws a chart).
 */
const css = /* css */ `
.report-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); gap: var(--care-space-m, 1rem); }
.report-card, .dash-figure { display: flex; flex-direction: column; gap: var(--care-space-xs, .25rem); min-width: 0; }
.report-card h2, .report-card h3, .dash-figure h2 { margin: 0; font-size: var(--care-font-size-m, 1rem); font-weight: var(--sl-font-weight-semibold, 600); }
.figure { font-size: 2rem; line-height: 1.1; font-weight: var(--sl-font-weight-semibold, 600); }
.figure.dash-alert { color: var(--sl-color-danger-700, #b91c1c); }
.figure-unit { font-size: var(--care-font-size-m, 1rem); font-weight: normal; margin-left: .25rem; }
.figure-note { margin: 0; color: var(--care-color-text-muted); font-size: var(--sl-font-size-small, .875rem); }
.spark { width: 100%; height: 48px; display: block; }
.spark rect { fill: var(--care-color-primary, #2f6f9f); }
.spark rect.now { fill: var(--care-color-link, #1f5785); }
.bars { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; font-size: var(--sl-font-size-small, .875rem); }
.bars li { display: grid; grid-template-columns: minmax(0, 9rem) minmax(0, 1fr) 2.5rem; gap: var(--care-space-xs, .25rem); align-items: center; }
.bars .bar-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bars .bar { height: .75rem; background: var(--care-color-primary, #2f6f9f); border-radius: 2px; min-width: 2px; }
.bars .bar-value { text-align: right; font-variant-numeric: tabular-nums; }
.open-report { margin-top: auto; }
.report-cards-title { margin: 0 0 var(--care-space-s, .5rem); font-size: var(--care-font-size-l, 1.25rem); font-weight: var(--care-font-weight-normal, 400); }
.dashboard { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: var(--care-space-m, 1rem); align-items: stretch; }
.dash-wide { grid-column: 1 / -1; }
@media (max-width: 767px) { .bars li { grid-template-columns: minmax(0, 7rem) minmax(0, 1fr) 2.5rem; } }
`;

export function ReportCardStyles() {
  return <style>{css}</style>;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (key: string) => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;

/** Monthly counts as a row of bars, the current month darker; described for screen readers. */
export function MonthBars({ months, label }: { months: { month: string; value: number }[]; label: string }) {
  const max = Math.max(1, ...months.map((m) => m.value));
  const width = 100 / months.length;
  return (
    <svg className="spark" viewBox="0 0 100 48" preserveAspectRatio="none" role="img" aria-label={`${label}: ${months.map((m) => `${monthName(m.month)} ${m.value}`).join(', ')}`}>
      {months.map((m, i) => {
        const h = (m.value / max) * 46;
        return <rect key={m.month} className={i === months.length - 1 ? 'now' : undefined} x={i * width + width * 0.15} width={width * 0.7} y={48 - h - 1} height={h + 1} />;
      })}
    </svg>
  );
}

/** Labelled horizontal bars (dispositions, outcomes, caseloads). */
export function LabelledBars({ points, label, nullText = 'None', limit = 8 }: { points: ChartPoint[]; label: string; nullText?: string; limit?: number }) {
  if (points.length === 0) return <p className="figure-note">No rows found</p>;
  const shown = points.slice(0, limit);
  const max = Math.max(1, ...shown.map((p) => p.value));
  return (
    <ul className="bars" aria-label={label}>
      {shown.map((p) => {
        const name = p.x === null ? nullText : String(p.x);
        return (
          <li key={name}>
            <span className="bar-label" title={name}>
              {name}
            </span>
            <span className="bar" style={{ width: `${(p.value / max) * 100}%` }} aria-hidden="true" />
            <span className="bar-value">{p.value}</span>
          </li>
        );
      })}
    </ul>
  );
}

const reportPath = (name: string) => `/reports/configured/${name}`;

/** "Open Report", named by the figure it belongs to (a page holds several). */
function OpenReport({ name, title }: { name: string; title: string }) {
  return (
    <NavLink className="open-report" path={reportPath(name)} aria-label={`Open Report: ${title}`}>
      Open Report
    </NavLink>
  );
}

function compare(pair: MonthPair): string {
  return `Last month: ${pair.lastMonth}`;
}

function CardBody({ card, headingLevel, titleId }: { card: ReportCardData; headingLevel: 2 | 3; titleId: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading id={titleId}>{card.title}</Heading>
      <div>
        <span className="figure">{card.thisMonth}</span>
        <span className="figure-unit">this month</span>
      </div>
      <p className="figure-note">{compare(card)}</p>
      <MonthBars months={card.months} label={`${card.title} per month`} />
      <p className="figure-note" aria-hidden="true">
        {monthName(card.months[0].month)} – {monthName(card.months.at(-1)!.month)}
      </p>
      <OpenReport name={card.reportName} title={card.title} />
    </>
  );
}

/** One home report card (`GET /api/reports/{viewName}`), linking to its full report. */
export function ReportCard({ view, headingLevel = 2 }: { view: string; headingLevel?: 2 | 3 }) {
  const card = useReportCard(view);
  const titleId = useId();
  return (
    <section className="card report-card" aria-labelledby={card.data ? titleId : undefined} aria-label={card.data ? undefined : 'Report card'}>
      <ReportCardStyles />
      <LoadState isLoading={card.isLoading} error={card.error} isEmpty={card.data === null} emptyText="Report not found" lines={3}>
        {card.data && <CardBody card={card.data} headingLevel={headingLevel} titleId={titleId} />}
      </LoadState>
    </section>
  );
}

/** The home's report cards for users with hasReports: one per report view that has a card. */
export function ReportCards() {
  const titleId = useId();
  return (
    <section className="report-cards-section" aria-labelledby={titleId}>
      <ReportCardStyles />
      <h2 id={titleId} className="report-cards-title">
        Reports
      </h2>
      <div className="report-cards">
        {REPORT_CARD_VIEWS.map((view) => (
          <ReportCard key={view} view={view} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}

/** A dashboard figure, with the report behind it (or `link`, another page that says more). */
function Figure({ title, report, link, wide, children }: { title: string; report?: string; link?: ReactNode; wide?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`card dash-figure${wide ? ' dash-wide' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {report ? <OpenReport name={report} title={title} /> : link}
    </section>
  );
}

function Pair({ pair, unit }: { pair: MonthPair; unit: string }) {
  const change = pair.thisMonth - pair.lastMonth;
  return (
    <>
      <div>
        <span className="figure">{pair.thisMonth}</span>
        <span className="figure-unit">{unit} this month</span>
      </div>
      <p className="figure-note">
        {compare(pair)}
        {change !== 0 && ` (${change > 0 ? '+' : ''}${change})`}
      </p>
    </>
  );
}

/**
 * The program dashboard (issue 12, `/program-dashboard`, isDirector): the
 * current division's referrals and enrolments this month against last,
 * median days to first contact, overdue reminders, CIT contacts and their
 * dispositions, overdoses with naloxone given and outcomes, and caseload
 * per navigator; each figure opens the report behind it.
 */
export function ProgramDashboard() {
  const dashboard = useProgramDashboard();
  const flags = useFlags();
  const d = dashboard.data;
  return (
    <div className="program-dashboard">
      <ReportCardStyles />
      <h1>Program Dashboard</h1>
      <LoadState isLoading={dashboard.isLoading} error={dashboard.error} lines={6}>
        {d && (
          <div className="dashboard">
            <Figure title="Referrals Received" report={DASHBOARD_REPORTS.referrals}>
              <Pair pair={d.referrals} unit="referrals" />
            </Figure>
            <Figure title="Referrals Enrolled" report={DASHBOARD_REPORTS.enrolled}>
              <Pair pair={d.enrolled} unit="enrolled" />
            </Figure>
            <Figure title="Median Days To First Contact" report={DASHBOARD_REPORTS.firstContact}>
              <div>
                <span className="figure">{d.medianDaysToFirstContact ?? '–'}</span>
                <span className="figure-unit">days</span>
              </div>
              <p className="figure-note">
                {d.medianDaysToFirstContact === null ? 'No referral of the last 12 months has a contact yet' : `Over ${d.contactedReferrals} referrals of the last 12 months with a contact`}
              </p>
            </Figure>
            <Figure title="Reminders Overdue" report={DASHBOARD_REPORTS.reminders}>
              <div>
                <span className="figure">{d.reminders.overdue}</span>
                <span className="figure-unit">overdue</span>
              </div>
              <p className="figure-note">{d.reminders.open} open, not yet due</p>
            </Figure>
            <Figure title="CIT Contacts" report={DASHBOARD_REPORTS.cit}>
              <Pair pair={d.cit} unit="contacts" />
              <LabelledBars points={d.cit.dispositions} label="Dispositions this month" nullText="No Disposition" />
            </Figure>
            <Figure title="Overdoses" report={DASHBOARD_REPORTS.overdoses}>
              <Pair pair={d.overdoses} unit="overdoses" />
              <p className="figure-note">Naloxone given in {d.overdoses.naloxoneGiven} this month</p>
              <LabelledBars points={d.overdoses.outcomes} label="Outcomes this month" />
            </Figure>
            {d.emergencyAccessOverdue > 0 && (
              <Figure
                title="Emergency Access To Review"
                link={
                  flags && flagsAllow(flags, [['navigatorAdmin', 'privacyOfficer']]) && (
                    <NavLink className="open-report" path="/emergency-access">
                      Review Them
                    </NavLink>
                  )
                }
              >
                <div>
                  <span className="figure dash-alert">{d.emergencyAccessOverdue}</span>
                  <span className="figure-unit">not reviewed</span>
                </div>
                <p className="figure-note">Emergency accesses older than {BREAK_GLASS_REVIEW_OVERDUE_DAYS} days with no review yet</p>
              </Figure>
            )}
            <Figure title="Caseload Per Navigator" report={DASHBOARD_REPORTS.caseloads} wide>
              <LabelledBars points={d.caseloads} label="People on each navigator's caseload" limit={20} />
            </Figure>
          </div>
        )}
      </LoadState>
    </div>
  );
}
