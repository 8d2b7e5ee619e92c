export { CLIENTE_GRE_PRUEBA, CLIENTE_SIRE_PRUEBA, iniciarSimulador, USUARIO_PRUEBA, type TClienteGre, type TOpcionesSimulador, type TSimulador, type TUsuarioSol } from './simulador';
export { Fallas, type TFalla, type TOperacion, type TReglaActiva, type TReglaFalla } from './fallas';
export { RUC_SUNAT } from './cdr';
export { SireSim, type TComprobanteSire, type TLibroSire, type TTicketSire } from './sire';
