import { ApiError } from '../../../lib/api-error';
import { authStorage } from '../../../lib/auth-storage';
import { api } from '../../../lib/session';

/** Opens the provider's PDF for a payment in a new tab (the download needs the bearer token). */
export async function abrirPdfPago(idPago: number): Promise<void> {
  if (!authStorage.accessTokenVigente() && authStorage.refreshToken()) await api.refrescar();
  const destino = `/api/pagos/v1/prepagos/${idPago}/comprobantes/pdf`;
  const r = await fetch(destino, { headers: { Authorization: `${authStorage.tipoToken()} ${authStorage.accessToken() ?? ''}` } });
  if (!r.ok) throw new ApiError(r.status, destino, (await r.json().catch(() => null)) as ApiError['cuerpo']);
  window.open(URL.createObjectURL(await r.blob()), '_blank', 'noopener');
}
