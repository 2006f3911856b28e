import { useId } from 'react';
import type { Query } from '../../shared/api/client';
import { REPORT_VIEW_COLUMNS, type DatePreset, type ReportDefinition, type ReportFilter } from '../../shared/schemas/reports';
import { LoadState } from '../kit/load-state';
import { isChoiceFilter, useFilterOptions, type FilterOption } from './report-filter-options';

/** What each filter holds while the user edits it. */
export type FilterValue = { start: string; end: string } | string[] | string;
export type FilterValues = FilterValue[];

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A date-range preset's day (spec 002 section 5 "Report filters"), in the viewer's calendar. */
export function presetDate(preset: DatePreset, today: Date): string {
  const y = today.getFullYear();
  const m = today.getMonth();
  const yearsAgo = (n: number) => new Date(y - n, m, today.getDate());
  const days: Record<DatePreset, Date> = {
    today,
    oneYearAgo: yearsAgo(1),
    twoYearsAgo: yearsAgo(2),
    threeYearsAgo: yearsAgo(3),
    startOfMonth: new Date(y, m, 1),
    endOfMonth: new Date(y, m + 1, 0),
    startOfPreviousMonth: new Date(y, m - 1, 1),
    endOfPreviousMonth: new Date(y, m, 0),
    startOfYear: new Date(y, 0, 1),
    endOfYear: new Date(y, 11, 31),
    startOfPreviousYear: new Date(y - 1, 0, 1),
    endOfPreviousYear: new Date(y - 1, 11, 31),
  };
  return iso(days[preset]);
}

/** Each filter's starting value: a date range from its presets (one year ago to today unless given), the rest empty. */
export function initialValues(filters: ReportFilter[], today: Date): FilterValues {
  return filters.map((f) => {
    switch (f.type) {
      case 'dateRange':
        return { start: presetDate(f.defaultStartDate ?? 'oneYearAgo', today), end: presetDate(f.defaultEndDate ?? 'today', today) };
      case 'checkbox':
      case 'badge':
        return [];
      case 'boolean':
        return 'all';
      default:
        return '';
    }
  });
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return iso(new Date(y, m - 1, d + 1));
}

/**
 * The filter query of spec 002 sections 5 and 7: a date range's start adds
 * `__>>=`; its end adds `__<=` on the end date plus one day for a date-time
 * column (the whole end day), on the end date itself for a date column.
 * String and number filters count only when filled in; checkboxes repeat the
 * column (any of them); a boolean's false also takes empty when it treats
 * null as false. Badges go as one comma-separated list, `__contains_uuid_and`
 * (filterByAllBadges: every badge) or `__contains_uuid_or` (any); a user,
 * provider, facility or reference-data choice as `__eq` its id.
 */
export function filterQuery(definition: ReportDefinition, values: FilterValues): Query {
  const kinds: Record<string, string> = REPORT_VIEW_COLUMNS[definition.reportView];
  const query: Query = {};
  definition.filters.forEach((f, i) => {
    const value = values[i];
    if (f.type === 'dateRange' && typeof value === 'object' && !Array.isArray(value)) {
      if (value.start) query[`${f.column}__>>=`] = value.start;
      if (value.end) query[`${f.column}__<=`] = kinds[f.column] === 'date' ? value.end : nextDay(value.end);
    } else if (f.type === 'badge' && Array.isArray(value)) {
      if (value.length) query[`${f.column}__contains_uuid_${f.filterByAllBadges ? 'and' : 'or'}`] = value.join(',');
    } else if (f.type === 'checkbox' && Array.isArray(value)) {
      if (value.length) query[f.column] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      if (f.type === 'string') query[`${f.column}__like`] = value.trim();
      else if (f.type === 'customDropdown' && f.caseInsensitive) query[`${f.column}__ieq`] = value;
      else if (f.type === 'customDropdown' || isChoiceFilter(f)) query[`${f.column}__eq`] = value;
      else if (f.type === 'number') query[`${f.column}${f.comparisonType}`] = value.trim();
      else if (f.type === 'boolean' && value !== 'all') query[f.column] = value === 'false' && f.nullIsFalse ? ['false', 'null'] : value;
    }
  });
  return query;
}

const COMPARISON_TEXT = { '__eq': 'equal to', '__>>=': 'at least', '__<=': 'at most' } as const;

/** Badges as checkboxes under their group's name (spec 002: grouped); any chosen badge, or all of them. */
function BadgeChoice({ label, options, chosen, every, onChange }: { label: string; options: FilterOption[]; chosen: string[]; every: boolean; onChange: (v: string[]) => void }) {
  const id = useId();
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  return (
    <fieldset className="report-filter badge-filter">
      <legend>
        {label} <span className="filter-hint">({every ? 'all chosen' : 'any chosen'})</span>
      </legend>
      {groups.map((g, gi) => (
        <fieldset key={g} className="badge-group">
          <legend className="badge-group-name">{g}</legend>
          {options
            .filter((o) => (o.group ?? '') === g)
            .map((o, i) => (
              <label key={o.value} htmlFor={`${id}-${gi}-${i}`} className="choice">
                <input id={`${id}-${gi}-${i}`} type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))} />
                {o.label}
              </label>
            ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

/** A badge, user, provider, facility or reference-data filter: its choices load first (the kit's states), then a list or grouped checkboxes. */
function ChoiceControl({ filter, value, onChange }: { filter: Extract<ReportFilter, { type: 'badge' | 'user' | 'provider' | 'facility' | 'refData' }>; value: FilterValue; onChange: (value: FilterValue) => void }) {
  const id = useId();
  const options = useFilterOptions(filter);
  const body =
    filter.type === 'badge' ? (
      <BadgeChoice label={filter.label} options={options.data ?? []} chosen={value as string[]} every={Boolean(filter.filterByAllBadges)} onChange={onChange} />
    ) : (
      <div className="report-filter">
        <label htmlFor={id}>{filter.label}</label>
        <select id={id} value={value as string} onChange={(e) => onChange(e.target.value)}>
          <option value="">All</option>
          {options.data?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  if (options.data) return body;
  return (
    <div className="report-filter">
      <span className="filter-name">{filter.label}</span>
      <LoadState isLoading={options.isLoading} error={options.error} compact>
        {null}
      </LoadState>
    </div>
  );
}

/** One filter's control, by type. */
export function FilterControl({ filter, value, onChange }: { filter: ReportFilter; value: FilterValue; onChange: (value: FilterValue) => void }) {
  const id = useId();
  if (isChoiceFilter(filter)) return <ChoiceControl filter={filter} value={value} onChange={onChange} />;
  switch (filter.type) {
    case 'dateRange': {
      const range = value as { start: string; end: string };
      return (
        <fieldset className="report-filter">
          <legend>{filter.label}</legend>
          <div className="date-range">
            <label htmlFor={`${id}-start`}>
              From
              <input id={`${id}-start`} type="date" value={range.start} max={range.end || undefined} onChange={(e) => onChange({ ...range, start: e.target.value })} />
            </label>
            <label htmlFor={`${id}-end`}>
              To
              <input id={`${id}-end`} type="date" value={range.end} min={range.start || undefined} onChange={(e) => onChange({ ...range, end: e.target.value })} />
            </label>
          </div>
        </fieldset>
      );
    }
    case 'checkbox': {
      const chosen = value as string[];
      return (
        <fieldset className="report-filter">
          <legend>{filter.label}</legend>
          {filter.options.map((o, i) => (
            <label key={o.value} htmlFor={`${id}-${i}`} className="choice">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'boolean': {
      const choices = [
        { value: 'all', label: filter.allLabel ?? 'All' },
        { value: 'true', label: filter.trueLabel ?? 'Yes' },
        { value: 'false', label: filter.falseLabel ?? 'No' },
      ];
      return (
        <fieldset className="report-filter">
          <legend>{filter.label}</legend>
          {choices.map((c) => (
            <label key={c.value} htmlFor={`${id}-${c.value}`} className="choice">
              <input id={`${id}-${c.value}`} type="radio" name={`${id}-choice`} checked={value === c.value} onChange={() => onChange(c.value)} />
              {c.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'customDropdown':
      return (
        <div className="report-filter">
          <label htmlFor={id}>{filter.label}</label>
          <select id={id} value={value as string} onChange={(e) => onChange(e.target.value)}>
            <option value="">All</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case 'number':
      return (
        <div className="report-filter">
          <label htmlFor={id}>
            {filter.label} <span className="filter-hint">({COMPARISON_TEXT[filter.comparisonType]})</span>
          </label>
          <input id={id} type="number" inputMode="decimal" value={value as string} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
    case 'string':
      return (
        <div className="report-filter">
          <label htmlFor={id}>{filter.label}</label>
          <input id={id} type="search" maxLength={200} value={value as string} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
  }
}
