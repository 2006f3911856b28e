import { useEffect, useState } from 'react';
import { joinUrl } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';

/**
 * The picture as a URL an <img> can show: read with the widget's credentials
 * (an embedded widget's token cannot ride on an <img> request), null without one.
 */
export function useAvatarSrc(personImage: string | null | undefined): string | null {
  const client = useWidgetApi();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!personImage) return setSrc(null);
    const { apiBase, token } = client.config;
    const controller = new AbortController();
    let url: string | null = null;
    fetch(joinUrl(apiBase, personImage), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: token ? 'omit' : 'include', signal: controller.signal })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        url = blob ? URL.createObjectURL(blob) : null;
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, personImage]);
  return src;
}
