import { useEffect, useState } from 'react';
import { shellApi } from './api';
import { peekAttemptedRoute } from './attempted-route';
import { accountText as t } from './account-text';

interface ProviderDoc {
  data: { id: string; attributes: { displayName: string } }[];
}

/**
 * Issue 34: "Sign in with {provider}" for each identity provider of the
 * install. A link, not a button: the sign-in leaves Careweave for the
 * provider's page and comes back signed in.
 */
export function SignInProviders() {
  const [providers, setProviders] = useState<ProviderDoc['data']>([]);
  useEffect(() => {
    let live = true;
    shellApi({ onUnauthorized: undefined })
      .get<ProviderDoc>('auth/providers')
      .then((doc) => live && setProviders(doc.data))
      // Without the list the password form still works: nothing to say.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  const back = peekAttemptedRoute();
  return (
    <div className="care-sign-in-providers">
      {providers.map((p) => (
        <a key={p.id} className="care-button care-sign-in-provider" href={`/api/auth/sso/${encodeURIComponent(p.id)}${back ? `?return_to=${encodeURIComponent(back)}` : ''}`}>
          {t('signIn.withProvider', { provider: p.attributes.displayName })}
        </a>
      ))}
      <p className="care-sign-in-or" aria-hidden="true">
        <span>{t('signIn.orPassword')}</span>
      </p>
    </div>
  );
}
