import { randomBytes, randomUUID } from 'node:crypto';
import { TARJETAS_PRUEBA, type TTarjetaTokenizar, type TTokenTarjeta } from '@yupana/contracts';
import type { TPasarela, TResultadoCargo } from './pasarela';

const VIGENCIA_TOKEN_MS = 5 * 60_000;
const RECHAZADA = '4000000000000002';

/**
 * The sandbox gateway: a stand-in for a real card gateway (Culqi, Niubiz, Izipay...) for demos and tests, started in the
 * API process like the SUNAT stand-in. It plays both of the gateway's sides: the tokenization endpoint the browser
 * posts the card to (`tokenizar`, behind a public route of its own) and the charge API our payments module calls with
 * the token (`cobrar`). Only the test cards are accepted; a token is single-use and lasts five minutes; charges are
 * idempotent by reference. Tokens live in this process's memory, as they live on a real gateway's servers: with
 * several API processes, use a real gateway.
 */
export function crearPasarelaSandbox(): TPasarela & { tokenizar(t: TTarjetaTokenizar & { NumeroTarjeta: string }): TTokenTarjeta } {
  const tokens = new Map<string, { numero: string; marca: string; ultimos4: string; vence: number }>();
  const cargos = new Map<string, TResultadoCargo>();
  // Cards saved for recurring charges: they live as long as this process (a real gateway keeps them for good).
  const guardadas = new Map<string, { numero: string; marca: string; ultimos4: string }>();
  const clavePublica = `pk_sandbox_${randomBytes(8).toString('hex')}`;

  return {
    config: { Nombre: 'Pasarela de pruebas (sandbox)', Sandbox: true, UrlTokens: '/api/pagos/v1/pasarela-sandbox/tokens', ClavePublica: clavePublica },

    tokenizar(t) {
      const numero = t.NumeroTarjeta.replace(/[\s-]/g, '');
      const prueba = TARJETAS_PRUEBA.find((c) => c.Numero.replace(/\s/g, '') === numero);
      if (!prueba) throw new Error('Use una de las tarjetas de prueba de la pasarela sandbox');
      const [mes, anho] = t.Vencimiento.split('/').map(Number);
      // A card is valid through the last day of its expiry month.
      if (new Date(Date.UTC(2000 + anho, mes, 1)).getTime() <= Date.now()) throw new Error('La tarjeta está vencida');
      const ahora = Date.now();
      for (const [k, v] of tokens) if (v.vence < ahora) tokens.delete(k);
      const token = `tkn_sandbox_${randomUUID().replace(/-/g, '')}`;
      const ultimos4 = numero.slice(-4);
      tokens.set(token, { numero, marca: prueba.Marca, ultimos4, vence: ahora + VIGENCIA_TOKEN_MS });
      return { Token: token, Marca: prueba.Marca, Ultimos4: ultimos4 };
    },

    async cobrar(cargo) {
      const previo = cargos.get(cargo.referencia);
      if (previo?.aprobado) return previo;
      let t: { numero: string; marca: string; ultimos4: string } | undefined;
      if ('idTarjeta' in cargo) {
        t = guardadas.get(cargo.idTarjeta);
        if (!t) return { aprobado: false, motivo: 'La tarjeta guardada ya no existe en la pasarela', tokenInvalido: true };
      } else {
        const v = tokens.get(cargo.token);
        tokens.delete(cargo.token);
        if (!v || v.vence < Date.now()) return { aprobado: false, motivo: 'El token de la tarjeta no es válido o ya fue usado', tokenInvalido: true };
        t = v;
      }
      const resultado: TResultadoCargo =
        t.numero === RECHAZADA
          ? { aprobado: false, motivo: 'Fondos insuficientes' }
          : { aprobado: true, idCargo: `chr_sandbox_${randomBytes(10).toString('hex')}`, marca: t.marca, ultimos4: t.ultimos4 };
      cargos.set(cargo.referencia, resultado);
      return resultado;
    },

    async guardarTarjeta(token) {
      const t = tokens.get(token);
      tokens.delete(token);
      if (!t || t.vence < Date.now()) return { guardada: false, motivo: 'El token de la tarjeta no es válido o ya fue usado' };
      const idTarjeta = `crd_sandbox_${randomBytes(10).toString('hex')}`;
      guardadas.set(idTarjeta, { numero: t.numero, marca: t.marca, ultimos4: t.ultimos4 });
      return { guardada: true, idTarjeta, marca: t.marca, ultimos4: t.ultimos4 };
    },

    async eliminarTarjeta(idTarjeta) {
      guardadas.delete(idTarjeta);
    },
  };
}
