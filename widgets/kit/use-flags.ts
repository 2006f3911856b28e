import { useEffect, useState } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import type { Flags } from '../../shared/permissions';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';

/**
 * The caller's flags in the current division: from the shared session, or
 * (a widget embedded with only a token) from `GET session/current`. Null
 * until known; the server refuses what they do not allow either way.
 */
export function useFlags(): Partial<Flags> | null {
  const session = useWidgetSession();
  const client = useWidgetApi();
  const [fetched, setFetched] = useState<Partial<Flags> | null>(null);
  useEffect(() => {
    if (session) return;
    const controller = new AbortController();
    client
      .get<Document<Resource<{ flags: Partial<Flags> }>>>('session/current', undefined, controller.signal)
      .then((doc) => setFetched(doc.data.attributes.flags ?? {}))
      .catch(() => setFetched({}));
    return () => controller.abort();
  }, [client, session]);
  return session ? session.flags : fetched;
}
