export { ENDPOINTS_SUNAT, endpointsOse, endpointsOtrosCpe, endpointsSimulador, type TEndpointsSunat } from './endpoints';
export {
  getStatus,
  getStatusCdr,
  leerRespuestaSoap,
  sendBill,
  sendSummary,
  sobreSoap,
  type TConfigSoap,
  type TConsultaCdr,
  type TEstadoTicket,
  type TRespuestaSoap,
} from './soap';
export { consultarGre, enviarGre, tokenGre, type TConfigGre, type TEstadoGre } from './gre';
export { enviarComprobante, type TEnvioConfirmado } from './confirmar';
export type { TFetchSunat } from './http';
