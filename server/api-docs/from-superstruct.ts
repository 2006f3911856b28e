import type { Struct } from 'superstruct';
import { snakeCase } from '../../shared/casing';

type JsonSchema = Record<string, unknown>;

/** Whether the struct takes `value` as the server's check does (coercing: a defaulted member may be left out). */
const takes = (struct: Struct<unknown, unknown>, value: unknown) => !struct.validate(value, { coerce: true })[0];

/**
 * The JSON Schema of a shared superstruct schema, for the OpenAPI document only: superstruct still checks
 * every request, as the browser's forms do. Member names go to snake_case, as on the wire. A refinement
 * (a length bound, a date's form) is code, not data, and is not shown; a union's members are not kept by
 * superstruct, so it shows as any value.
 */
export function jsonSchemaOf(struct: Struct<any, any>): JsonSchema {
  const schema = shapeOf(struct);
  return takes(struct, null) && schema.type ? { ...schema, type: [schema.type, 'null'] } : schema;
}

function shapeOf(struct: Struct<any, any>): JsonSchema {
  switch (struct.type) {
    case 'object':
    case 'type': {
      const members = Object.entries(struct.schema as Record<string, Struct<any, any>>);
      const required = members.filter(([, member]) => !takes(member, undefined)).map(([name]) => snakeCase(name));
      return {
        type: 'object',
        properties: Object.fromEntries(members.map(([name, member]) => [snakeCase(name), jsonSchemaOf(member)])),
        ...(required.length > 0 && { required }),
        ...(struct.type === 'object' && { additionalProperties: false }),
      };
    }
    case 'array':
      return { type: 'array', ...(struct.schema && { items: jsonSchemaOf(struct.schema as Struct<any, any>) }) };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: struct.type };
    case 'literal':
      return struct.schema === null ? {} : { const: struct.schema };
    case 'enums':
      return { enum: Object.values(struct.schema as Record<string, unknown>) };
    default:
      return {};
  }
}
