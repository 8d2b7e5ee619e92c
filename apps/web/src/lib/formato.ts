import { TipoEmpresa } from '@yupana/contracts';
import dayjs from 'dayjs';

export function fechaHora(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '—';
}

/** An amount with its currency symbol, joined by a non-breaking space so "S/" never wraps away from the figure. */
export function importe(simbolo: string, valor: string): string {
  return simbolo ? `${simbolo}\u00a0${valor}` : valor;
}

export function fecha(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY') : '—';
}

export const NOMBRE_TIPO_EMPRESA: Record<number, string> = {
  [TipoEmpresa.CON_RUC]: 'Empresa con RUC',
  [TipoEmpresa.DEMO]: 'Cuenta demo',
  [TipoEmpresa.SIN_RUC]: 'Empresa sin RUC (comprobantes no tributarios)',
};

export const NOMBRE_ESTADO_USUARIO: Record<number, { texto: string; color: string }> = {
  0: { texto: 'Inactivo', color: 'default' },
  1: { texto: 'Activo', color: 'green' },
  2: { texto: 'Eliminado', color: 'red' },
  3: { texto: 'Invitación pendiente', color: 'gold' },
};
