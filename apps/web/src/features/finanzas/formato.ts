const formatos: Record<number, Intl.NumberFormat> = {
  1: new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN', minimumFractionDigits: 2 }),
  2: new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
};
/** An amount (decimal text from the API) in its currency: S/ 1,234.56 or US$ 1,234.56. */
export const dinero = (v: string, idMoneda = 1) => (formatos[idMoneda] ?? formatos[1]).format(Number(v));
export const fechaPe = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
export const NOMBRE_MONEDA: Record<number, string> = { 1: 'Soles', 2: 'Dólares' };
