/** Where an address may wrap: after its '@' and before each '.', as addresses are broken in print. */
const BREAKS = /(?<=@)|(?=\.)/;

/**
 * An e-mail address that wraps only at its '@' or a '.', never mid-word
 * (issue 32 §5: `overflow-wrap: anywhere` on a cell cut "example.t / est").
 * `break-word` overrides any `anywhere` around it and still breaks inside a
 * part that alone is wider than its box, rather than spilling out of it.
 */
export function EmailAddress({ address, link = false }: { address: string; link?: boolean }) {
  const parts = address.split(BREAKS).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));
  const style = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;
  return link ? (
    <a href={`mailto:${address}`} style={style}>
      {parts}
    </a>
  ) : (
    <span style={style}>{parts}</span>
  );
}
