import { useId, useState, type DragEvent } from 'react';
import { adoptCss } from './adopt-css';
import type { FieldControlProps } from './forms';

export interface FileDropProps {
  label: string;
  /** MIME types or extensions, as the input's accept attribute: 'application/pdf', 'image/*', '.docx'. */
  accept?: string[];
  onFile?: (file: File) => void;
  /** Inside a form's Field: the Field's label and error describe the input, so the drop zone shows no label of its own. */
  control?: FieldControlProps;
  /** The name of the file the record has now: a file chosen replaces it. */
  current?: string;
}

const css = /* css */ `
.file-drop { border: 2px dashed var(--care-color-border-input); border-radius: var(--care-radius-l); padding: var(--care-space-m); display: grid; gap: var(--care-space-xs); }
.file-drop.over { border-color: var(--care-color-primary); background: var(--care-color-canvas); }
`;

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** 1536 → "1.5 KB". */
export function humanSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

export function accepts(file: File, accept: string[] | undefined): boolean {
  if (!accept?.length) return true;
  const name = file.name.toLowerCase();
  return accept.some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.startsWith('.')) return name.endsWith(r);
    if (r.endsWith('/*')) return file.type.startsWith(r.slice(0, -1));
    return file.type === r;
  });
}

/**
 * A drop zone over a real file input: the input keeps keyboard and screen
 * reader access (Enter or Space opens the picker), dropping is the extra.
 */
export function FileDrop({ label, accept, onFile, control, current }: FileDropProps) {
  const ownId = useId();
  const id = control?.id ?? ownId;
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const [over, setOver] = useState(false);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    if (!accepts(picked, accept)) {
      setFile(null);
      setRejected(true);
      return;
    }
    setRejected(false);
    setFile(picked);
    onFile?.(picked);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div
      ref={(el) => adoptCss(el, css)}
      className={over ? 'file-drop over' : 'file-drop'}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {!control && <label htmlFor={id}>{label}</label>}
      <input
        id={id}
        type="file"
        accept={accept?.join(',')}
        aria-invalid={control?.['aria-invalid']}
        aria-describedby={[control?.['aria-describedby'], `${id}-status`].filter(Boolean).join(' ')}
        onChange={(e) => take(e.target.files?.[0])}
      />
      <p id={`${id}-status`} className="file-drop-status" aria-live="polite">
        {rejected
          ? `File type not accepted. Allowed: ${accept?.join(', ')}`
          : file
            ? `${file.name} (${humanSize(file.size)})`
            : current
              ? `Now ${current}. Drop a file here or choose one to replace it.`
              : 'Drop a file here or choose one.'}
      </p>
    </div>
  );
}
