/**
 * The one RUC check of the project (packages/contracts re-exports it for forms and request bodies).
 *
 * SUNAT's validation rules (../shared/sunat/validaciones/reglas, ../shared/sunat/xsl) only check the format,
 * 11 digits (error 2017), and then look the number up in its register of taxpayers (1083 "no existe"): the prefix
 * and the check digit below are the structure of every number SUNAT assigns, so a typing error is caught before
 * the lookup. Prefixes in use: 10 natural persons with DNI, 15 natural persons without DNI (carné de extranjería,
 * non-domiciled), 16 and 17 natural persons registered with other documents before the DNI, 20 legal persons.
 * Check digit: módulo 11 with weights 5,4,3,2,7,6,5,4,3,2; 11 - (sum mod 11), where 10 -> 0 and 11 -> 1.
 * No dependencies, browser-safe (subpath `@yupana/sunat/ruc`).
 */
const PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
export const PREFIJOS_RUC = ['10', '15', '16', '17', '20'] as const;

export function digitoVerificadorRuc(diezDigitos: string): number {
  if (!/^\d{10}$/.test(diezDigitos)) throw new Error('Se esperan 10 dígitos para calcular el dígito verificador');
  let suma = 0;
  for (let i = 0; i < 10; i++) suma += Number(diezDigitos[i]) * PESOS[i];
  return (11 - (suma % 11)) % 10;
}

/** Why a RUC is not valid (Spanish, for field messages), or null when it is. */
export function motivoRucInvalido(ruc: string): string | null {
  if (!/^\d{11}$/.test(ruc)) return 'El RUC debe tener 11 dígitos';
  if (!(PREFIJOS_RUC as readonly string[]).includes(ruc.slice(0, 2))) return 'El RUC debe empezar con 10, 15, 16, 17 o 20';
  if (digitoVerificadorRuc(ruc.slice(0, 10)) !== Number(ruc[10])) return 'El RUC no es válido (dígito verificador incorrecto)';
  return null;
}

export function esRucValido(ruc: string): boolean {
  return motivoRucInvalido(ruc) === null;
}
