import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes dist/custom-elements.json (schema 1.0.0) from the JSDoc block above
 * each `widgets/<area>/<area>.element.ts` registration, so embedders see every
 * element's attributes, events, CSS custom properties and parts.
 */
const root = path.resolve(import.meta.dirname, '..');
const modules = [];
for (const area of fs.readdirSync(path.join(root, 'widgets'))) {
  const dir = path.join(root, 'widgets', area);
  if (!fs.statSync(dir).isDirectory()) continue;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.element.ts'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [, block] of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
      const lines = block.split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trimEnd());
      const tag = lines.find((l) => l.startsWith('@element'))?.split(/\s+/)[1];
      if (!tag) continue;
      const description = lines.filter((l) => l && !l.startsWith('@')).join(' ').trim();
      const entries = (name) =>
        lines
          .filter((l) => l.startsWith(`@${name} `))
          .map((l) => {
            const m = l.slice(name.length + 2).match(/^(\S+)\s*-?\s*(.*)$/);
            return { name: m?.[1] ?? '', description: m?.[2] ?? '' };
          });
      modules.push({
        kind: 'javascript-module',
        path: `elements/${tag}.js`,
        declarations: [
          {
            kind: 'class',
            customElement: true,
            tagName: tag,
            name: tag,
            description,
            attributes: entries('attr'),
            events: entries('fires'),
            cssProperties: entries('cssprop'),
            cssParts: entries('csspart'),
          },
        ],
        exports: [{ kind: 'custom-element-definition', name: tag, declaration: { name: tag, module: `elements/${tag}.js` } }],
      });
    }
  }
}
fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
fs.writeFileSync(path.join(root, 'dist', 'custom-elements.json'), JSON.stringify({ schemaVersion: '1.0.0', modules }, null, 2));
console.log(`custom-elements.json: ${modules.map((m) => m.declarations[0].tagName).join(', ')}`);
