import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '../../shared/schemas/demographics';
import { HttpError } from '../errors';
import { extensionOf } from '../../shared/schemas/documents';
import { binaryKind, binaryKindOfExtension, type FileKind } from '../files/file-signature';

/** What a profile picture may be: the formats every browser shows. */
const AVATAR_KINDS: readonly FileKind['name'][] = ['jpeg', 'png', 'webp'];

export const NOT_AN_IMAGE = 'The picture must be a JPEG, PNG or WebP image';
export const TOO_LARGE = 'The picture must be at most 5 MB';

/**
 * The picture's kind read from its first bytes: a file's name and declared
 * type are whatever the sender says, its signature is what a browser will
 * decode. Anything else is a 415.
 */
function imageKind(bytes: Buffer): FileKind {
  const kind = binaryKind(bytes);
  if (!kind || !AVATAR_KINDS.includes(kind.name)) throw new HttpError(415, [{ field: 'base64_data', message: NOT_AN_IMAGE }]);
  return kind;
}

export const typeOfFile = (file: string) => binaryKindOfExtension(extensionOf(file))?.type ?? 'application/octet-stream';

/** Pictures live in DATA_DIR/avatars, named by their content's SHA-256: the same picture is stored once. */
export const avatarDir = (dataDir: string) => path.join(dataDir, 'avatars');

/**
 * Decodes, checks and stores a picture; returns its file name. Written to a
 * temporary name and renamed, so a reader never sees half a file.
 */
export async function storeAvatar(dataDir: string, base64Data: string): Promise<string> {
  const bytes = Buffer.from(base64Data, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw new HttpError(413, [{ field: 'base64_data', message: TOO_LARGE }]);
  const kind = imageKind(bytes);
  const file = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${kind.extensions[0]}`;
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${file}.${process.pid}.${crypto.randomUUID()}`);
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, path.join(dir, file));
  return file;
}

/** The stored picture, or null when its file is gone. The name comes from the database (a checked pattern), never from a request. */
export async function readAvatar(dataDir: string, file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path.join(avatarDir(dataDir), path.basename(file)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
