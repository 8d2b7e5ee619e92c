// Schema-driven request generation for the OpenAPI fuzz test: a plausible value for any JSON schema of the document
// (so a request gets past the first checks and reaches deeper code), and hostile values to put in its place, one field
// at a time. Deterministic: every choice comes from a seeded generator.

export type Esquema = {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  required?: string[];
  items?: Esquema;
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  allOf?: Esquema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Esquema;
  $ref?: string;
};

/** mulberry32: a tiny seeded generator (the same seed gives the same requests on every run). */
export function generadorAleatorio(semilla: number) {
  let a = semilla >>> 0;
  const siguiente = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    siguiente,
    entero: (n: number) => Math.floor(siguiente() * n),
    elegir<T>(lista: readonly T[]): T {
      return lista[Math.floor(siguiente() * lista.length)];
    },
    /** `n` distinct items of the list, in a seeded order. */
    muestra<T>(lista: readonly T[], n: number): T[] {
      const copia = [...lista];
      for (let i = copia.length - 1; i > 0; i--) {
        const j = Math.floor(siguiente() * (i + 1));
        [copia[i], copia[j]] = [copia[j], copia[i]];
      }
      return copia.slice(0, n);
    },
  };
}
export type Aleatorio = ReturnType<typeof generadorAleatorio>;

const hoy = new Date().toISOString().slice(0, 10);

// Candidates for a string with a pattern: the first one the pattern and the length bounds accept is used.
const CANDIDATOS_TEXTO = [
  hoy, '20100070970', '10401234565', '45678912', '150101', 'F001', 'B001', 'T001', '0001', '01', '10', '1', '12345678',
  'NIU', 'ZZ', 'PEN', 'ABC123', '12:00:00', 'fuzz@example.com', 'https://example.com', 'Texto de prueba', 'a',
];

/** A plausible value for the schema: defaults, enums, bounds and known patterns respected where they are simple. */
export function valorValido(e: Esquema | undefined, doc: Documento, profundidad = 0): unknown {
  if (!e || profundidad > 8) return undefined;
  if (e.$ref) return valorValido(resolver(e.$ref, doc), doc, profundidad + 1);
  if (e.default !== undefined) return e.default;
  if (e.const !== undefined) return e.const;
  if (e.enum?.length) return e.enum[0];
  const opciones = e.anyOf ?? e.oneOf;
  if (opciones?.length) return valorValido(opciones[0], doc, profundidad + 1);
  if (e.allOf?.length) return Object.assign({}, ...e.allOf.map((x) => valorValido(x, doc, profundidad + 1) as object));
  const tipo = Array.isArray(e.type) ? e.type[0] : e.type;
  switch (tipo) {
    case 'integer':
    case 'number': {
      const min = typeof e.exclusiveMinimum === 'number' ? e.exclusiveMinimum + 1 : e.minimum;
      if (min !== undefined && min > 1) return min;
      if (e.maximum !== undefined && e.maximum < 1) return e.maximum;
      return 1;
    }
    case 'boolean':
      return false;
    case 'array': {
      const n = Math.max(e.minItems ?? 0, 1);
      return Array.from({ length: Math.min(n, 3) }, () => valorValido(e.items, doc, profundidad + 1));
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(e.properties ?? {})) {
        const valor = valorValido(v, doc, profundidad + 1);
        if (valor !== undefined) o[k] = valor;
      }
      return o;
    }
    case 'string': {
      if (e.format === 'email') return 'fuzz@example.com';
      if (e.format === 'date') return hoy;
      if (e.format === 'uri') return 'https://example.com';
      const min = e.minLength ?? 0;
      const max = e.maxLength ?? 1000;
      const patron = e.pattern ? new RegExp(e.pattern, 'u') : null;
      const aceptable = (s: string) => s.length >= min && s.length <= max && (!patron || patron.test(s));
      const candidato = CANDIDATOS_TEXTO.find(aceptable);
      if (candidato !== undefined) return candidato;
      const relleno = 'x'.repeat(Math.max(min, 1));
      return aceptable(relleno) ? relleno : 'x';
    }
    default:
      return e.nullable ? null : 'x';
  }
}

// Hostile values: types the field does not expect, bounds far off, text no database or XML accepts.
const NUMEROS_HOSTILES: unknown[] = [
  -1, 0, 1.5, 2147483648, 99999999999, 1e21, -9007199254740992, 1e308, '1', '0x1', '1e0', ' 1 ', '', '999999999999.9999999999',
];
const TEXTOS_HOSTILES: unknown[] = [
  '', ' ', '\u0000', 'a\u0000b', 'A\ud800B', '\udc00', '\u0007campana', '\u202ederecha', '𝕐𝕦𝕡𝕒𝕟𝕒', '👨‍👩‍👧', 'x'.repeat(10_000),
  "'; drop table usuario; --", '<x>&amp;</x>', '../../etc/passwd', '%00', '\\', '-1', '1e309', 'null', 'ñandú', '2026-02-30', '9999-99-99',
];
const OTROS_HOSTILES: unknown[] = [null, true, [], [[1]], {}, { a: { b: { c: [1] } } }, [null]];

export function valoresHostiles(e: Esquema | undefined, doc: Documento, aleatorio: Aleatorio, cuantos: number): unknown[] {
  const tipo = tipoDe(e, doc);
  const propios = tipo === 'integer' || tipo === 'number' ? NUMEROS_HOSTILES : tipo === 'string' ? TEXTOS_HOSTILES : OTROS_HOSTILES;
  const ajenos = tipo === 'string' ? [...NUMEROS_HOSTILES, ...OTROS_HOSTILES] : [...TEXTOS_HOSTILES, ...(tipo === 'object' || tipo === 'array' ? NUMEROS_HOSTILES : OTROS_HOSTILES)];
  const n = Math.max(1, Math.ceil((cuantos * 2) / 3));
  return [...aleatorio.muestra(propios, n), ...aleatorio.muestra(ajenos, cuantos - n)];
}

// Path and query values arrive as text: the hostile ones are texts too (already URL-encoded where needed).
export const TEXTOS_URL_HOSTILES = [
  '0', '-1', '0x1', '1e0', '%201%20', '1.0', '2147483648', '99999999999999999999', 'abc', '%00', '1%00', '%ED%A0%80', '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%27%20or%201%3D1--', '[[1]]', 'null', 'true', '',
];

export type Documento = { paths: Record<string, Record<string, Operacion>>; components?: { schemas?: Record<string, Esquema> } };
export type Parametro = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Esquema };
export type Operacion = {
  parameters?: Parametro[];
  requestBody?: { content?: Record<string, { schema?: Esquema }> };
  security?: Record<string, unknown>[];
};

export function resolver(ref: string, doc: Documento): Esquema | undefined {
  const nombre = ref.split('/').pop()!;
  return doc.components?.schemas?.[nombre];
}

function tipoDe(e: Esquema | undefined, doc: Documento): string | undefined {
  if (!e) return undefined;
  if (e.$ref) return tipoDe(resolver(e.$ref, doc), doc);
  if (e.enum?.length) return typeof e.enum[0] === 'number' ? 'number' : typeof e.enum[0];
  const opciones = e.anyOf ?? e.oneOf;
  if (opciones?.length) return tipoDe(opciones[0], doc);
  return Array.isArray(e.type) ? e.type[0] : e.type;
}

/**
 * Every place of a body where a value sits, as a path of keys (arrays through their first item), up to a depth, so a
 * hostile value can be put in each one in turn.
 */
export function rutasDeCampos(e: Esquema | undefined, doc: Documento, base: (string | number)[] = [], profundidad = 0): { ruta: (string | number)[]; esquema: Esquema }[] {
  if (!e || profundidad > 4) return [];
  if (e.$ref) return rutasDeCampos(resolver(e.$ref, doc), doc, base, profundidad);
  const opciones = e.anyOf ?? e.oneOf;
  if (opciones?.length && !opciones.every((o) => o.enum || o.const !== undefined || typeof o.type === 'string' && o.type !== 'object' && o.type !== 'array'))
    return rutasDeCampos(opciones[0], doc, base, profundidad);
  const tipo = tipoDe(e, doc);
  const propias = base.length ? [{ ruta: base, esquema: e }] : [];
  if (tipo === 'object')
    return [...propias, ...Object.entries(e.properties ?? {}).flatMap(([k, v]) => rutasDeCampos(v, doc, [...base, k], profundidad + 1))];
  if (tipo === 'array') return [...propias, ...rutasDeCampos(e.items, doc, [...base, 0], profundidad + 1)];
  return propias;
}

/** A deep copy of `valor` with `ruta` set to `nuevo` (intermediate objects and arrays created when missing). */
export function conCampo(valor: unknown, ruta: (string | number)[], nuevo: unknown): unknown {
  if (ruta.length === 0) return nuevo;
  const [cabeza, ...resto] = ruta;
  if (typeof cabeza === 'number') {
    const arreglo = Array.isArray(valor) ? [...valor] : [];
    arreglo[cabeza] = conCampo(arreglo[cabeza], resto, nuevo);
    return arreglo;
  }
  const objeto = valor && typeof valor === 'object' && !Array.isArray(valor) ? { ...(valor as Record<string, unknown>) } : {};
  objeto[cabeza] = conCampo(objeto[cabeza], resto, nuevo);
  return objeto;
}

/** Raw bodies that are not what any route expects: broken JSON, deep nesting, prototype keys, huge numbers. */
export const CUERPOS_CRUDOS: { tipo: string; cuerpo: string }[] = [
  { tipo: 'application/json', cuerpo: '{"a":' },
  { tipo: 'application/json', cuerpo: 'null' },
  { tipo: 'application/json', cuerpo: '[]' },
  { tipo: 'application/json', cuerpo: '"\\u0000"' },
  { tipo: 'application/json', cuerpo: '{"__proto__":{"admin":true}}' },
  { tipo: 'application/json', cuerpo: '{"constructor":{"prototype":{"x":1}}}' },
  { tipo: 'application/json', cuerpo: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { tipo: 'application/json', cuerpo: '{"a":1e999999}' },
  { tipo: 'application/json', cuerpo: '\ufeff{}' },
  { tipo: 'text/plain', cuerpo: 'hola' },
  { tipo: 'application/x-www-form-urlencoded', cuerpo: 'a=1&a=2' },
];
