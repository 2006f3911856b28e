import { Obj, Text } from '../api-docs/json-api';
import { Content } from '../api-docs/route-schemas';

/** A link to the event's PDF that works for a few minutes without a session. */
export const CitPdfLinkDocument = Obj({ data: Obj({ link: Text() }) });

export const CitEventPdf = Content('application/pdf', "An approved CIT event's contact sheet, read-only");
export const CitReceiptPdf = Content('application/pdf', "The officer's copy of the contact sheet as submitted");
