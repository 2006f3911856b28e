import { Content } from '../api-docs/route-schemas';

/** The stored file, always as a download, with the content type it was stored with. */
export const StoredFile = Content('application/octet-stream', 'The file a signed link names, as a download (its own content type)');
