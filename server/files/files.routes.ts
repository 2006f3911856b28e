import type { FastifyPluginAsync } from 'fastify';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { HttpError, notFound } from '../errors';
import { publicRoute } from '../security/access';
import { fileStore } from './file-store';
import { StoredFile } from './files.responses';

const invalidLink = () => new HttpError(403, [{ message: 'This download link has expired or is not valid. Ask for a new one.' }]);

/** `attachment; filename="report_1.pdf"; filename*=UTF-8''report%201.pdf`: a plain-ASCII fallback and the exact name. */
export function attachmentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^\.+/, '_') || 'download';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The local disk store's signed links (`FileStore.signedLink`): opened in a
 * new tab without a session, so the link itself is the credential and dies
 * within minutes. Always a download, never rendered in our origin: an
 * uploaded SVG or text file cannot run as a page of the application.
 */
export const filesRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  const store = await fileStore(config);

  app.get<{ Querystring: { token?: string } }>('/files', withSchemas(publicRoute, { 200: StoredFile }), async (request, reply) => {
    const target = await store.openLink(String(request.query.token ?? ''));
    if (!target) throw invalidLink();
    const file = await store.get(target.key);
    if (!file) throw notFound('The file is no longer stored');
    return reply
      .headers({
        'content-type': target.contentType,
        'content-length': String(file.size),
        'content-disposition': attachmentDisposition(target.fileName),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      })
      .send(file.stream);
  });
};
