export const soles = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' });
export const numero = (v: string) => new Intl.NumberFormat('es-PE', { maximumFractionDigits: 4 }).format(Number(v));
