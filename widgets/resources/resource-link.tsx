import { humanSize } from '../kit/file-drop';
import { toast } from '../kit/toasts';
import { useOpenResourceFile } from './resources.resource';

/** When the signed link of a File resource cannot be had. */
export const OPEN_FAILED = 'The file could not be opened. Please try again.';

/** What a resource row carries for its title and Link column (the library's row or a patient's resource). */
export interface ResourceEntry {
  title: string;
  type: string;
  link: string;
  fileName?: string | null;
  fileSize?: number | null;
}

const isFile = (resource: ResourceEntry) => resource.type === 'File';

/** What the Link column shows: the site a Link resource opens (without the scheme and `www.`), or a File resource's name and size. */
export function siteOf(resource: ResourceEntry): string {
  if (isFile(resource)) return `${resource.fileName ?? ''} (${humanSize(resource.fileSize ?? 0)})`;
  try {
    return new URL(resource.link).hostname.replace(/^www\./, '');
  } catch {
    return resource.link;
  }
}

/**
 * A resource's title as a link to it. Spec 002: resources open in a new tab;
 * `noopener` so the opened site cannot reach back into the record's page. A
 * File resource asks for its short-lived signed link on the click and opens
 * that (issue 9 section 8), with a toast when it cannot.
 */
export function ResourceLink({ resource }: { resource: ResourceEntry }) {
  const openFile = useOpenResourceFile();
  const opensNewTab = <span className="visually-hidden"> (opens in a new tab)</span>;
  if (isFile(resource)) {
    return (
      <button type="button" className="link-button" onClick={() => openFile(resource.link).catch(() => toast(OPEN_FAILED, 'danger'))}>
        {resource.title}
        {opensNewTab}
      </button>
    );
  }
  return (
    <a href={resource.link} target="_blank" rel="noopener noreferrer">
      {resource.title}
      {opensNewTab}
    </a>
  );
}
