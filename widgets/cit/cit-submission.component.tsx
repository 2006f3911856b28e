import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { CIT_TEXT, TIME_ZONES } from '../../shared/cit-options';
import { camelKeys } from '../../shared/casing';
import { formatDate, formatDateTime } from '../../shared/format';
import type { CitApprovalStatus } from '../../shared/schemas/cit';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { LoadState } from '../kit/load-state';
import { toast, Toasts } from '../kit/toasts';
import { useFacilities } from '../kit/use-facilities';
import { CIT_LABELS, CitSheetEditor } from './cit-form.component';
import { decideSubmission, editSubmission, getOptionsForStaff, getSubmission, openCitPdf, type CitOptions, type CitSubmissionDoc } from './cit.resource';
import { CitStyles } from './cit.styles';

const HIDDEN = new Set(['code', 'approvalStatus']);

function display(key: string, value: unknown, lookup: Map<string, string>): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return '';
  if (Array.isArray(value)) return value.map((v) => lookup.get(String(v)) ?? String(v)).join(', ');
  const text = String(value);
  if (key === 'birthDate') return formatDate(text);
  if (key === 'dateTime') return formatDateTime(text);
  if (key === 'eventTimeZone') return TIME_ZONES.find((t) => t.value === text)?.label ?? text;
  if (text === 'yes' || text === 'no') return text === 'yes' ? 'Yes' : 'No';
  return lookup.get(text) ?? text;
}

/** The sheet's answers, read-only, in the form's order (empty answers left out). */
export function CitSheetFacts({ doc, lookup }: { doc: CitSubmissionDoc; lookup: Map<string, string> }) {
  return (
    <dl>
      {(Object.keys(CIT_LABELS) as string[])
        .map((k) => [k, k === 'facilityUid' && doc.facilityName ? doc.facilityName : doc.submissionJson[k]] as const)
        .filter(([k, v]) => !HIDDEN.has(k) && display(k, v, lookup) !== '')
        .map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{CIT_LABELS[k as keyof typeof CIT_LABELS] ?? k}</dt>
            <dd>{display(k, v, lookup)}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The approval controls' submit button says what it will do: Approved is
 * chosen by default on a pending sheet (spec 002), so a plain "Save" would
 * approve without saying so (issue 32 §4).
 */
export const decisionLabel = (choice: CitApprovalStatus) => (choice === 'approved' ? 'Approve' : choice === 'rejected' ? 'Reject' : 'Save');

/** Staff view of one CIT submission, with the approval controls for supervisors (spec 002 "CIT approval controls"). */
export function CitSubmissionView({ submissionId }: { submissionId: string }) {
  const api = useWidgetApi();
  const emit = useEmit();
  const [doc, setDoc] = useState<CitSubmissionDoc | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [lookup, setLookup] = useState(new Map<string, string>());
  const [choice, setChoice] = useState<CitApprovalStatus>('approved');
  const [warning, setWarning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [options, setOptions] = useState<{ lists: CitOptions | null; error: unknown }>({ lists: null, error: null });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let live = true;
    getSubmission(api, submissionId)
      .then((d) => {
        if (!live) return;
        // The sheet's own keys came back camelCased by the client already.
        setDoc({ ...d.data.attributes, submissionJson: camelKeys(d.data.attributes.submissionJson) });
        setChoice(d.data.attributes.approvalLocked ? d.data.attributes.status : 'approved');
      })
      .catch((e) => live && setError(e));
    getOptionsForStaff(api)
      .then((o) => {
        const all = Object.values(o.data.attributes.options as CitOptions).flat();
        if (!live) return;
        setLookup(new Map(all.map((x) => [x.uid, x.label])));
        setOptions({ lists: o.data.attributes.options, error: null });
      })
      .catch((e: unknown) => live && setOptions({ lists: null, error: e }));
    return () => {
      live = false;
    };
  }, [api, submissionId]);

  const pick = (status: CitApprovalStatus) => {
    setChoice(status);
    if (status === 'rejected') setWarning(true);
  };

  const save = async () => {
    if (!doc || choice === 'pending') return;
    setSaving(true);
    try {
      if (choice === 'approved') {
        const answer = await decideSubmission(api, submissionId, 'accept');
        if (answer) setDoc({ ...answer.data.attributes, submissionJson: camelKeys(answer.data.attributes.submissionJson) });
        toast('Submission approved', 'success');
      } else {
        await decideSubmission(api, submissionId, 'reject');
        setDeleted(true);
        toast('Submission rejected', 'success');
      }
      emit('care-saved', { type: 'cit-submission', id: submissionId, status: choice });
    } catch (err) {
      toast(err instanceof ApiError ? err.errors[0].message : 'Something went wrong.', 'danger');
    } finally {
      setSaving(false);
    }
  };

  const openPdf = async () => {
    if (!doc?.patientUid || !doc.medicalEventUid) return;
    try {
      await openCitPdf(api, doc.patientUid, doc.medicalEventUid);
    } catch (err) {
      toast(err instanceof ApiError ? err.errors[0].message : 'Something went wrong.', 'danger');
    }
  };

  // A supervisor corrects a pending sheet before deciding (PUT data/public/cit-submission/{id}); the server refuses anyone else.
  const saveEdit = async (values: Record<string, unknown>) => {
    const answer = await editSubmission(api, submissionId, values);
    setDoc({ ...answer.data.attributes, submissionJson: camelKeys(answer.data.attributes.submissionJson) });
    setEditing(false);
    toast(CIT_TEXT.saved, 'success');
    emit('care-saved', { type: 'cit-submission', id: submissionId, status: answer.data.attributes.status });
  };

  const controls = doc?.canApprove && !doc.approvalLocked && !deleted && !editing;
  const canEdit = doc?.canApprove && doc.status === 'pending' && !deleted;
  return (
    <div className="cit-submission cit-readonly">
      <CitStyles />
      <Toasts />
      <h1>CIT Submission</h1>
      {deleted ? (
        <p role="status">This submission was rejected and has been deleted.</p>
      ) : (
        <LoadState isLoading={!doc && !error} error={error as Error | null} isEmpty={false} errorText={error instanceof ApiError && error.status === 404 ? 'Submission not found' : undefined}>
          {doc && (
            <>
              <p>
                Status: <strong data-testid="approval-status">{doc.status}</strong>
                {doc.approvalLocked && ' (locked)'} · {doc.agencyName} · filed by {doc.officerName} on {formatDateTime(doc.createdAt)}
              </p>
              {doc.status === 'approved' && doc.patientUid && doc.medicalEventUid && (
                <div className="cit-buttons">
                  <button type="button" onClick={openPdf}>PDF</button>
                </div>
              )}
              {canEdit && !editing && (
                <div className="cit-buttons cit-edit-action">
                  <button type="button" onClick={() => setEditing(true)} data-testid="cit-edit-open">Edit</button>
                </div>
              )}
              {controls && (
                <section aria-label="Approval">
                  <div className="approval" role="group" aria-label="Approval status">
                    {(['rejected', 'pending', 'approved'] as const).map((s) => (
                      <button key={s} type="button" aria-pressed={choice === s} onClick={() => pick(s)}>
                        {s[0].toUpperCase() + s.slice(1)}
                      </button>
                    ))}
                  </div>
                  <div className="cit-buttons">
                    <button type="button" className={choice === 'rejected' ? 'danger' : 'primary'} disabled={saving || choice === 'pending'} onClick={save} data-testid="approval-save">
                      {decisionLabel(choice)}
                    </button>
                  </div>
                </section>
              )}
              {editing ? (
                <SheetEditor doc={doc} submissionId={submissionId} options={options} onSave={saveEdit} onCancel={() => setEditing(false)} />
              ) : (
                <CitSheetFacts doc={doc} lookup={lookup} />
              )}
            </>
          )}
        </LoadState>
      )}
      {warning && (
        <div className="cit-dialog-backdrop">
          <div className="cit-dialog" role="alertdialog" aria-modal="true" aria-label={CIT_TEXT.rejectTitle}>
            <h2>{CIT_TEXT.rejectTitle}</h2>
            <p>{CIT_TEXT.rejectWarning}</p>
            <div className="cit-buttons">
              <button type="button" onClick={() => setWarning(false)}>Go Back</button>
              <button type="button" className="primary" onClick={() => setWarning(false)}>Confirm</button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** The sheet's fields for a correction, once the option lists and the organisation's facilities are in. */
function SheetEditor({ doc, submissionId, options, onSave, onCancel }: {
  doc: CitSubmissionDoc;
  submissionId: string;
  options: { lists: CitOptions | null; error: unknown };
  onSave: (values: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}) {
  const loaded = useFacilities();
  const stored = typeof doc.submissionJson.facilityUid === 'string' ? doc.submissionJson.facilityUid : '';
  // The sheet's own facility stays a choice even when it is no longer offered.
  const facilities = useMemo(() => {
    const list = loaded.data ?? [];
    return stored && !list.some((f) => f.facilityUid === stored) ? [...list, { facilityUid: stored, facilityName: doc.facilityName ?? CIT_TEXT.unknownFacility }] : list;
  }, [loaded.data, stored, doc.facilityName]);
  return (
    <LoadState isLoading={(!options.lists && !options.error) || loaded.isLoading} error={options.error ?? loaded.error}>
      {options.lists && (
        <CitSheetEditor
          sheetId={submissionId}
          officerName={doc.officerName}
          sheet={doc.submissionJson}
          options={options.lists}
          facilities={facilities}
          onSave={onSave}
          onCancel={onCancel}
        />
      )}
    </LoadState>
  );
}
