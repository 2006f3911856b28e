/** What the Link column shows: the site a resource opens, without the scheme and `www.`. */
export function siteOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
}

/**
 * A resource's title as a link to it. Spec 002: resources open in a new tab;
 * `noopener` so the opened site cannot reach back into the record's page.
 */
export function ResourceLink({ title, link }: { title: string; link: string }) {
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {title}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
