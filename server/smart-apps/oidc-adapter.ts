import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connect';
import { smartAppMetadata } from './smart-apps.repository';

/**
 * oidc-provider's storage (its Adapter interface) in PostgreSQL, so that an
 * authorization begun on one server process finishes on another and a token
 * is known to all. Expiry follows the provider's own clock (Date.now), the
 * one it stamps its payloads with. Clients are the registered SMART apps.
 */
export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_model')
        .values({ model: this.model, id, ...row })
        .onConflict((c) => c.columns(['model', 'id']).doUpdateSet(row))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return (await smartAppMetadata(db, id)) as AdapterPayload | undefined;
      return this.findBy('id', id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async findByUserCode(): Promise<undefined> {
      // The device flow is not enabled: there are no user codes.
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_model').set({ consumed_at: new Date() }).where('model', '=', this.model).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_model').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_model').where('grant_id', '=', grantId).execute();
    }

    private async findBy(column: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_model')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', new Date())]))
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}) } as AdapterPayload;
    }
  };
}

/** The provider's clock, in the epoch seconds its payloads carry (`exp`). */
export const providerSeconds = () => Math.floor(Date.now() / 1000);

/** Rows of ended authorizations and tokens go; called from the server's periodic sweep. */
export async function sweepExpiredOidcRows(db: Db): Promise<void> {
  await db.deleteFrom('oidc_model').where('expires_at', '<', new Date()).execute();
}
