import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LoggedResponse } from '../../../server/api-docs/response-log';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: object;
}

/** `/api/notes/:id` as the document writes it: `/api/notes/{id}`. */
const documentPath = (route: string) => route.replace(/:([A-Za-z_]+)/g, '{$1}');

const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Issue 37 section 3: every answer the e2e run received (the server's RESPONSE_LOG) checked against the
 * OpenAPI document the server publishes, with ajv. A route or a status the document does not have, or a
 * body that breaks its schema (a member it does not name, a missing one, a wrong type), is a problem.
 */
export function answersBreakingDocument(document: OpenApiDocument, logFile: string): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  // The whole document once, each answer's schema by its pointer in it: references (#/components/...) resolve against it.
  ajv.addSchema({ ...document, $id: 'openapi' });
  const validators = new Map<string, ValidateFunction | null>();
  const problems = new Set<string>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line) continue;
    const answer = JSON.parse(line) as LoggedResponse;
    if (!answer.route.startsWith('/api/') || answer.route === '/api/openapi.json') continue;
    const where = `${answer.method} ${answer.route} ${answer.status}`;
    if (!validators.has(where)) {
      const path = documentPath(answer.route);
      const method = answer.method.toLowerCase();
      const responses = document.paths[path]?.[method]?.responses ?? {};
      const status = [String(answer.status), `${String(answer.status)[0]}XX`].find((s) => responses[s]?.content?.['application/json']);
      validators.set(where, status ? ajv.compile({ $ref: `openapi#/paths/${encodeURIComponent(pointer(path))}/${method}/responses/${status}/content/application~1json/schema` }) : null);
    }
    const validate = validators.get(where);
    if (!validate) {
      problems.add(`${where}: not in the OpenAPI document`);
      continue;
    }
    if (!validate(JSON.parse(answer.body))) problems.add(`${where}: ${ajv.errorsText(validate.errors)}`);
  }
  return [...problems];
}
