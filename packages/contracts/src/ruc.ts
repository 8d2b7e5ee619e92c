import { z } from './zod-es';

/**
 * RUC (Registro Único de Contribuyentes) check: 11 digits, a valid prefix and SUNAT's módulo-11 check digit.
 * Shared by web (form validation) and api (company data, seeds).
 */
const PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
// 10 natural persons, 15/17 special natural persons and non-domiciled, 20 legal persons.
const PREFIJOS_VALIDOS = ['10', '15', '17', '20'];

export function digitoVerificadorRuc(diezDigitos: string): number {
  if (!/^\d{10}$/.test(diezDigitos)) throw new Error('Se esperan 10 dígitos para calcular el dígito verificador');
  let suma = 0;
  for (let i = 0; i < 10; i++) suma += Number(diezDigitos[i]) * PESOS[i];
  const resto = 11 - (suma % 11);
  return resto === 10 ? 0 : resto === 11 ? 1 : resto;
}

export function esRucValido(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc)) return false;
  if (!PREFIJOS_VALIDOS.includes(ruc.slice(0, 2))) return false;
  return digitoVerificadorRuc(ruc.slice(0, 10)) === Number(ruc[10]);
}

/** A RUC field for forms and request bodies (Spanish messages). */
export const ZRuc = z
  .string({ error: 'El RUC es obligatorio' })
  .trim()
  .regex(/^\d{11}$/, 'Se espera 11 dígitos')
  .refine(esRucValido, 'El RUC no es válido (dígito verificador incorrecto)');
