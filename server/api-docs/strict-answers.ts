import type { TSchema } from '@sinclair/typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorDocument } from './json-api';

/**
 * Test servers only (STRICT_ANSWERS=1): an answer that breaks its route's schema is a 500 naming the
 * member, instead of what the serialiser would quietly send (a member left out; a null written as ""
 * or 0). The server, browser and e2e suites all run this way, so every answer they see is checked.
 */
export function checkAnswers(api: FastifyInstance): void {
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  addFormats.default(ajv);
  ajv.addSchema(ErrorDocument);
  const validators = new WeakMap<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: TSchema) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  api.addHook('preSerialization', async (request: FastifyRequest, reply, payload) => {
    const declared = request.routeOptions.schema?.response as Record<string, TSchema> | undefined;
    if (!declared) return payload;
    const status = reply.statusCode;
    const schema = declared[status] ?? declared[`${String(status)[0]}xx`];
    const where = `${request.method} ${request.routeOptions.url} ${status}`;
    if (!schema) throw new Error(`${where} answers a status its route does not declare`);
    if ('content' in schema) return payload;
    // What JSON.stringify would send: dates as text, undefined members left out.
    const sent: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
    const validate = validatorOf(schema);
    if (!validate(sent)) throw new Error(`${where} breaks its schema: ${ajv.errorsText(validate.errors)}`);
    return payload;
  });
}
