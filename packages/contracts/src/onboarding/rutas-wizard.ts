/** Addresses of the setup wizard of the receipt variant (see wizard.ts). */
export const RUTA_WIZARD = '/inicializacion-tuboleta';
export const RutasWizard = {
  TIPO_CONFIGURACION: `${RUTA_WIZARD}/tipo-configuracion`,
  PERSONA_CONTACTO: `${RUTA_WIZARD}/wizard-config/persona-de-contacto`,
  VINCULACION_SUNAT: `${RUTA_WIZARD}/wizard-config/vinculacion-sunat`,
  SERIES_ELECTRONICAS: `${RUTA_WIZARD}/wizard-config/series-electronicas`,
  OPCIONES_CONFIGURACION: `${RUTA_WIZARD}/wizard-config/opciones-configuracion`,
} as const;
