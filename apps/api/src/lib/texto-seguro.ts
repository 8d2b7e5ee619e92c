import type { FastifyInstance } from 'fastify';
import { ErrorCodes, MensajesError, motivoTextoNoPermitido } from '@yupana/contracts';
import { AppError } from './app-error';

/** Nodes visited per request at most: a 256 KB JSON body has fewer; a crafted one cannot make the walk expensive. */
const MAXIMO_NODOS = 200_000;

// A parsed JSON object, or the query-string parser's (fast-querystring builds them on a prototype-less class); never
// a stream, a buffer or another class instance.
const esObjetoPlano = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * Field -> Spanish message for every string (value or key) of a parsed path, query or JSON body that cannot be stored
 * or signed: NUL (PostgreSQL refuses it in text), other control characters, unpaired surrogates. Iterative, so a deeply
 * nested body cannot overflow the stack. Streams and buffers (file uploads) are not walked.
 */
export function textosNoPermitidos(raiz: unknown, prefijo = ''): Record<string, string> {
  const errores: Record<string, string> = {};
  const pila: [unknown, string][] = [[raiz, prefijo]];
  let nodos = 0;
  while (pila.length && nodos++ < MAXIMO_NODOS) {
    const [valor, ruta] = pila.pop()!;
    if (typeof valor === 'string') {
      const motivo = motivoTextoNoPermitido(valor);
      if (motivo) errores[ruta || 'solicitud'] ??= motivo;
    } else if (Array.isArray(valor)) {
      for (let i = valor.length - 1; i >= 0; i--) pila.push([valor[i], ruta ? `${ruta}.${i}` : String(i)]);
    } else if (esObjetoPlano(valor)) {
      for (const clave of Object.keys(valor)) {
        const campo = ruta ? `${ruta}.${clave}` : clave;
        const motivo = motivoTextoNoPermitido(clave);
        if (motivo) errores[campo] ??= `Nombre de campo no válido: ${motivo.charAt(0).toLowerCase()}${motivo.slice(1)}`;
        else pila.push([valor[clave], campo]);
      }
    }
  }
  return errores;
}

/**
 * Last-resort guard of every route, before its contract runs: a malformed string in any path parameter, query
 * parameter or JSON body field is a 400 (ErrorId 500001, the field and the reason in Spanish), never a 500 from
 * PostgreSQL, the XML signer or the PDF writer. The contracts' ZTexto gives the same rule to forms and to data that
 * does not come through a request (Excel rows of mass issuing).
 */
export function registrarTextoSeguro(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const errores = {
      ...textosNoPermitidos(request.params),
      ...textosNoPermitidos(request.query),
      ...textosNoPermitidos(request.body),
    };
    if (Object.keys(errores).length === 0) return done();
    done(new AppError(ErrorCodes.VALIDACION, MensajesError[ErrorCodes.VALIDACION], 400, { errores }));
  });
}
