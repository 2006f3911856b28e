import { DOC_TYPES } from '../../shared/schemas/documents';
import { Int, Link, Nullable, Obj, One, OneOf, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** A document with its author's name: the columns findAttachment reads; a file's name, type and size are null for a link. */
export const AttachmentDocument = One(
  Resource(
    'attachments',
    {
      attachment_uid: Uuid(),
      patient_uid: Uuid(),
      doc_type: OneOf(DOC_TYPES),
      attachment_type: OneOf(['link', 'file']),
      attachment_title: Text(),
      attachment_description: Nullable(Text()),
      attachment_link: Text('A link: its URL; a file: the file store key get-s3-link takes'),
      file_name: Nullable(Text()),
      content_type: Nullable(Text()),
      file_size: Nullable(Int()),
      created_date: Timestamp(),
      author_first_name: Nullable(Text()),
      author_last_name: Nullable(Text()),
    },
    { patient: Link('patients') },
  ),
);

/** A short-lived download link (/api/files?token=...). */
export const DownloadLinkDocument = One(Obj({ link: Text() }));
