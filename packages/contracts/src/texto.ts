// Small helpers for Spanish UI texts (no schemas: any page may import them).

/** Ends a sentence with one period: a name or a time that already ends in one ("S.A.C.", "a. m.") gets none more. */
export function conPunto(texto: string): string {
  const t = texto.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** "1 comprobante", "2 comprobantes": the singular for exactly one. */
export function plural(n: number, singular: string, plural: string): string {
  return n === 1 ? singular : plural;
}

/** Sorts catalogue options by their code as a number ("01" ... "09", "10" ... "13"), text codes last by text. */
export function compararCodigos(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  const ea = a.trim() !== '' && Number.isFinite(na);
  const eb = b.trim() !== '' && Number.isFinite(nb);
  if (ea && eb) return na - nb || a.localeCompare(b);
  if (ea !== eb) return ea ? -1 : 1;
  return a.localeCompare(b, 'es');
}

/**
 * A document's number as users see it everywhere (lists, detail, PDFs, e-mails, messages): "F001-123", without
 * leading zeros, exactly as the XML's cbc:ID, SUNAT's file name, the QR and the public lookup write it.
 */
export function serieNumero(serie: string, correlativo: number | string): string {
  return `${serie}-${Number(correlativo)}`;
}
