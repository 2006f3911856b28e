import { Content } from '../api-docs/route-schemas';
import { Obj, One, Text } from '../api-docs/json-api';

/** The printable's short-lived signed link, to open in a new tab. */
export const PdfLinkDocument = One(Obj({ link: Text('A signed link to the PDF, valid for 5 minutes') }));

/** The printable itself. */
export const IdentityPdf = Content('application/pdf', 'The identity printable, shown inline');
