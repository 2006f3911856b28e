import { defaulted, literal, object, refine, string, type Infer } from 'superstruct';
import { uuid } from './reminders';
import { boundedText, NOT_LISTED, requiredText } from './strings';

/** Spec 001 section 5 "Document": the kinds of document. */
export const DOC_TYPES = ['Link', 'Image', 'PDF', 'Text'] as const;
export type DocType = (typeof DOC_TYPES)[number];
export type FileDocType = Exclude<DocType, 'Link'>;

/** Spec 001 section 9: title max 150, description max 255. A link is a URL, and browsers stop at about 2,000. */
export const DOCUMENT_MAX = { title: 150, description: 255, link: 2000, fileName: 255 } as const;
/** Issue 9: a larger file is refused. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** Spec 001 section 5 "json, pdf, image or text": the file-name endings each kind of document may have. */
export const DOC_TYPE_EXTENSIONS: Record<FileDocType, readonly string[]> = {
  PDF: ['pdf'],
  Image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'],
  Text: ['txt', 'text', 'csv', 'md', 'log', 'json'],
};

export const FILE_TOO_LARGE = 'The file must be at most 20 MB';
export const LINK_NOT_URL = 'Must be a valid http or https URL';
export const FILE_NOT_ACCEPTED = 'Only JSON, PDF, image or text files are accepted';
/** "A PDF document must be a .pdf file" */
export const wrongEnding = (docType: FileDocType) => `${docType === 'Image' ? 'An Image' : `A ${docType}`} document must be a ${DOC_TYPE_EXTENSIONS[docType].map((e) => `.${e}`).join(', ')} file`;

/** A file name's ending, lower case, without the dot; '' when it has none. */
export const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1].toLowerCase() ?? '';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const isFileDocType = (v: string): v is FileDocType => v in DOC_TYPE_EXTENSIONS;

/** The rules between fields: a Link needs a URL, the other kinds a file of their kind. */
function documentRule(v: { docType: string; link: string; fileName: string }, ctx: { path: (string | number)[] }) {
  const at = (field: string, message: string) => ({ path: [...ctx.path, field], message });
  if (v.docType === 'Link') {
    if (v.link.trim() === '') return at('link', 'Required');
    return isHttpUrl(v.link.trim()) || at('link', LINK_NOT_URL);
  }
  if (!isFileDocType(v.docType)) return true;
  if (v.fileName === '') return at('fileName', 'Required');
  const ending = extensionOf(v.fileName);
  if (!Object.values(DOC_TYPE_EXTENSIONS).some((list) => list.includes(ending))) return at('fileName', FILE_NOT_ACCEPTED);
  return DOC_TYPE_EXTENSIONS[v.docType].includes(ending) || at('fileName', wrongEnding(v.docType));
}

const docType = () => refine(string(), 'docType', (v) => v === '' ? 'Required' : (DOC_TYPES as readonly string[]).includes(v) || NOT_LISTED);

/**
 * Spec 001 section 5 "Document": docType required (Link, Image, PDF, Text),
 * title required and at most 150 characters, description at most 255; a
 * Link needs a valid http(s) URL, every other type a file of that type
 * (`fileName`: the chosen file's name, '' for none).
 */
export const DocumentFormSchema = refine(
  object({
    docType: docType(),
    title: requiredText(DOCUMENT_MAX.title),
    description: boundedText(DOCUMENT_MAX.description),
    link: boundedText(DOCUMENT_MAX.link),
    fileName: boundedText(DOCUMENT_MAX.fileName),
  }),
  'document',
  documentRule,
);
export type DocumentFormValues = Infer<typeof DocumentFormSchema>;

/**
 * `POST /api/attachments` (spec 001 section 7): as JSON for a Link, or as
 * multipart form fields (`patient_uid`, `doc_type`, `title`, `description`,
 * `link`) followed by the `file`, whose name the server puts in `file_name`.
 */
export const DocumentPayloadSchema = object({
  data: object({
    type: literal('attachments'),
    attributes: refine(
      object({
        patientUid: uuid(),
        docType: docType(),
        title: requiredText(DOCUMENT_MAX.title),
        description: defaulted(boundedText(DOCUMENT_MAX.description), ''),
        link: defaulted(boundedText(DOCUMENT_MAX.link), ''),
        fileName: defaulted(boundedText(DOCUMENT_MAX.fileName), ''),
      }),
      'document',
      documentRule,
    ),
  }),
});
export type DocumentPayload = Infer<typeof DocumentPayloadSchema>;
