import fc from 'fast-check';
import { z } from 'zod';

/** The parts of a JSON Schema (as zod's toJSONSchema writes it) that bad values are derived from. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const jsonTypeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

function allowedTypes(schema: JsonSchema): Set<string> | null {
  if (schema.anyOf) {
    const sets = schema.anyOf.map(allowedTypes);
    if (sets.some((set) => set === null)) return null;
    return new Set(sets.flatMap((set) => [...set!]));
  }
  if (schema.type === undefined) return null;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has('number')) types.add('integer');
  return types;
}

/** Strings that have broken servers before: NUL, lone surrogates, SQL and markup, huge numbers. */
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e',
  "'; drop table events; --",
  '<script>alert(1)</script>',
  '{{constructor.constructor}}',
  '../../etc/passwd',
  '1e309',
  '-1',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
);

function repeatedBeyond(limit: number) {
  return fc.constantFrom('x', 'é', '😀', ' a').map((piece) => piece.repeat(Math.ceil((limit + 1) / piece.length)));
}

/** A value this schema refuses (or sits at its edge), derived from its type and limits. */
export function badValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [nastyStrings, fc.string({ unit: 'binary', maxLength: 30 })];
  const types = allowedTypes(schema);
  if (types) options.push(fc.jsonValue({ maxDepth: 2 }).filter((value) => !types.has(jsonTypeOf(value))));
  else options.push(fc.jsonValue({ maxDepth: 2 }));
  const variants = schema.anyOf ?? [schema];
  for (const variant of variants) {
    if (variant.maxLength !== undefined) options.push(repeatedBeyond(variant.maxLength));
    if (variant.minLength !== undefined && variant.minLength > 1)
      options.push(fc.string({ maxLength: variant.minLength - 1 }));
    if (variant.enum) options.push(fc.string({ maxLength: 20 }).filter((value) => !variant.enum!.includes(value)));
    if (variant.format) options.push(fc.string({ maxLength: 40 }));
    if (variant.maximum !== undefined)
      options.push(fc.integer({ min: 1, max: 1e9 }).map((over) => variant.maximum! + over));
    if (variant.minimum !== undefined)
      options.push(fc.integer({ min: 1, max: 1e9 }).map((under) => variant.minimum! - under));
    if (variant.type === 'number' || variant.type === 'integer')
      options.push(fc.constantFrom(0.05, 1e308, -0, 2 ** 53 + 1));
    if (variant.maxItems !== undefined && variant.maxItems <= 1000) {
      options.push(
        fc.constant(
          Array.from({ length: variant.maxItems + 1 }, (_, index) =>
            variant.items?.type === 'string' ? `x${index}` : {},
          ),
        ),
      );
    }
    if (variant.minItems !== undefined && variant.minItems > 0) options.push(fc.constant([]));
    if (variant.items) options.push(badValueFor(variant.items).map((item) => [item]));
  }
  return fc.oneof(...options);
}

/** Every property path of an object schema (two levels deep), with its schema. */
export function propertyPaths(
  schema: JsonSchema,
  prefix: string[] = [],
  depth = 0,
): Array<{ path: string[]; schema: JsonSchema }> {
  const paths: Array<{ path: string[]; schema: JsonSchema }> = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    paths.push({ path: [...prefix, key], schema: property });
    if (depth < 1 && property.properties) paths.push(...propertyPaths(property, [...prefix, key], depth + 1));
  }
  return paths;
}

function withValueAt(body: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) {
      target[key] = {};
    }
    target = target[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/**
 * Raw request bodies that a JSON endpoint must refuse or survive: any JSON value, the valid body
 * with one property (at any depth) replaced by a bad value or removed, with an extra key that
 * names an owner or a prototype, and text that is not JSON at all.
 */
export function badBodies(valid: unknown, schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const jsonSchema = schema ? jsonSchemaOf(schema) : {};
  const paths = propertyPaths(jsonSchema);
  const options: fc.Arbitrary<string>[] = [
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 40 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    }),
    fc
      .tuple(
        fc.constantFrom('userId', 'user_id', 'id', 'role', 'status', '__proto__', 'constructor'),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([key, value]) => JSON.stringify(valid).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)},`)),
  ];
  if (valid !== undefined) {
    const text = JSON.stringify(valid);
    options.push(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((cut) => text.slice(0, cut)));
  }
  if (paths.length > 0 && typeof valid === 'object' && valid !== null) {
    options.push(
      fc
        .constantFrom(...paths)
        .chain(({ path, schema: property }) =>
          badValueFor(property).map((value) => JSON.stringify(withValueAt(valid, path, value))),
        ),
      fc.constantFrom(...paths).map(({ path }) => JSON.stringify(withValueAt(valid, path, undefined, true))),
    );
  }
  return fc.oneof(...options);
}

/** Query strings built from a query schema's keys: bad values, repeated keys, unknown keys. */
export function badQueries(schema: z.ZodType): fc.Arbitrary<string> {
  const keys = Object.keys(jsonSchemaOf(schema).properties ?? {});
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })),
    fc.oneof(nastyStrings, fc.string({ unit: 'binary', maxLength: 30 }), fc.integer().map(String)),
  );
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => {
    const search = new URLSearchParams();
    for (const [key, value] of pairs) search.append(key, value.replaceAll(/[\ud800-\udfff]/g, '?'));
    return search.toString();
  });
}

/** Path ids (already URL-encoded) that name nothing: random text, unknown UUIDs, traversal, NUL. */
export const badIds = fc.oneof(
  fc.string({ minLength: 1, maxLength: 120 }).map(encodeURIComponent),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .map((text) => encodeURIComponent(text.replaceAll(/[\ud800-\udfff]/g, '?'))),
  fc.uuid(),
  fc.constantFrom('%00', '..%2F..%2Fetc', '0', '-1', 'null', 'undefined', `${'9'.repeat(40)}`),
);
