import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { linkSecret, signToken, verifyToken } from '../security/signed-token';
import { nowMs } from '../../shared/clock';

/** A file received in full and checked, not yet visible under its key. */
export interface StagedFile {
  /** The content's SHA-256 (hex): the same content is stored once. */
  key: string;
  size: number;
  /** Makes the file readable under `key`, durably; call it inside the transaction that records it. */
  commit(): Promise<void>;
  /** Forgets the file (refused, or its record was never written). Safe after commit: then it does nothing. */
  discard(): Promise<void>;
}

export interface PutOptions {
  /** Above this the put fails with FileTooLargeError and nothing is kept. */
  maxBytes: number;
  /** Sees every chunk as it passes (a FileInspector). */
  observe?: (chunk: Buffer) => void;
}

/** What a signed link opens, and under which name and type it is served. */
export interface LinkTarget {
  key: string;
  fileName: string;
  contentType: string;
}

/**
 * Where patient documents live: one small interface so an S3-compatible store
 * can be added beside the local disk without touching the routes.
 */
export interface FileStore {
  put(source: Readable, options: PutOptions): Promise<StagedFile>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** A link that serves the file without a session for `seconds`. */
  signedLink(target: LinkTarget, seconds: number): Promise<string>;
}

export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

const KEY = /^[0-9a-f]{64}$/;
/** A temporary file left by a process that died mid-upload is swept at the next start once it is this old. */
const STALE_TEMP_MS = 60 * 60 * 1000;
const LINK_PURPOSE = 'file';

/** Counts, hashes and shows each chunk to the observer as it streams through; fails past the limit. */
function meter(options: PutOptions, hash: crypto.Hash, counted: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > options.maxBytes) return done(new FileTooLargeError());
      hash.update(chunk);
      options.observe?.(chunk);
      done(null, chunk);
    },
  });
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under DATA_DIR/files named by content hash. A put streams to
 * files/tmp under a random name and fsyncs it; commit renames it into place
 * and fsyncs the directory, so after a crash a key either names a whole file
 * or nothing, and temporary files never pose as stored ones.
 */
export class LocalDiskStore implements FileStore {
  readonly dir: string;
  readonly tempDir: string;

  /** The config itself, not a copy of its URL: boot fills in publicUrl once the port is known. */
  constructor(private readonly config: Pick<Config, 'dataDir' | 'publicUrl'>) {
    this.dir = path.join(config.dataDir, 'files');
    this.tempDir = path.join(this.dir, 'tmp');
  }

  /** Makes the directories and removes what a crashed upload left behind. */
  async open(): Promise<this> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const cutoff = nowMs() - STALE_TEMP_MS;
    for (const name of await fs.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
    }
    return this;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(source: Readable, options: PutOptions): Promise<StagedFile> {
    const temporary = path.join(this.tempDir, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    const counted = { size: 0 };
    try {
      await pipeline(source, meter(options, hash, counted), createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      await fsyncPath(temporary);
    } catch (error) {
      // A refused or broken upload (too large, connection dropped) leaves nothing behind.
      await fs.rm(temporary, { force: true });
      throw error;
    }
    const key = hash.digest('hex');
    const final = this.pathOf(key);
    let settled = false;
    return {
      key,
      size: counted.size,
      commit: async () => {
        await fs.rename(temporary, final);
        settled = true;
        await fsyncPath(this.dir);
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await fs.rm(temporary, { force: true });
      },
    };
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return stat ? { stream: createReadStream(file), size: stat.size } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async signedLink(target: LinkTarget, seconds: number): Promise<string> {
    const claims = { k: target.key, n: target.fileName, t: target.contentType, x: Math.floor(nowMs() / 1000) + seconds };
    return `${this.config.publicUrl}/api/files?token=${signToken(await linkSecret(this.config.dataDir), LINK_PURPOSE, claims)}`;
  }

  /** What a link made by signedLink opens, while it is good; null otherwise. */
  async openLink(token: string): Promise<LinkTarget | null> {
    const claims = verifyToken(await linkSecret(this.config.dataDir), LINK_PURPOSE, token);
    if (!claims || typeof claims.k !== 'string' || !KEY.test(claims.k) || typeof claims.n !== 'string' || typeof claims.t !== 'string') return null;
    return { key: claims.k, fileName: claims.n, contentType: claims.t };
  }
}

const stores = new Map<string, Promise<LocalDiskStore>>();

/** The install's file store (one per DATA_DIR, opened once). */
export function fileStore(config: Pick<Config, 'dataDir' | 'publicUrl'>): Promise<LocalDiskStore> {
  let store = stores.get(config.dataDir);
  if (!store) {
    store = new LocalDiskStore(config).open();
    stores.set(config.dataDir, store);
  }
  return store;
}
