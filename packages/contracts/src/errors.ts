/**
 * Error codes of Yupana's API. The first group comes from the seed's error catalogue; codes of our own
 * are listed after it, each with its Spanish message. SUNAT outcomes keep SUNAT's own codes.
 */
export const ErrorCodes = {
  VALIDACION: 500001,
  DOCUMENTO_ANULADO: 1408,
  TOTAL_EXCEDIDO: 1410,
  REFRESH_EXPIRADO: 5094,
  REFRESH_DIFERENTE: 5028,
  EMPRESA_EN_TUBOLETA: 5085,
  EMPRESA_EN_OTRO_PRODUCTO: 5081,
  MODULO_INVALIDO: 5072,
  CAJA_APERTURADA_POR_USUARIO: 5003201,
  CAJA_CERRADA_POR_USUARIO: 5003202,

  // Codes of our own (range 600000-699999, so they never collide with the seed's or SUNAT's).
  CREDENCIALES_INVALIDAS: 600001,
  USUARIO_INACTIVO: 600002,
  INVITACION_PENDIENTE: 600003,
  DEMASIADOS_INTENTOS: 600004,
  NO_AUTENTICADO: 600005,
  TOKEN_EXPIRADO: 600006,
  NO_ENCONTRADO: 600007,
  RUTA_NO_ENCONTRADA: 600008,
  ERROR_INTERNO: 600009,
  PROHIBIDO: 600010,
  CUERPO_DEMASIADO_GRANDE: 600011,
  SESION_CERRADA: 600012,
  SOLICITUD_INVALIDA: 600013,
  // An Idempotency-Key already used with a different request (bad input hardening).
  IDEMPOTENCIA_OTRA_SOLICITUD: 600014,

  // Plans, payments and demo accounts (pagos/onboarding: 600500-600599).
  SALDO_AGOTADO: 600501,
  PAQUETE_VENCIDO: 600502,
  DEMO_VENCIDO: 600503,
  PAGO_ESTADO_INVALIDO: 600504,
  ARCHIVO_INVALIDO: 600505,
  USUARIO_YA_REGISTRADO: 600506,
  TARJETA_RECHAZADA: 600507,
  TOKEN_TARJETA_INVALIDO: 600508,
  SUSCRIPCION_EXISTENTE: 600509,
  CONTRATO_NO_VIGENTE: 600510,
  // Receipt variant, registration and the provider's own invoice (600540-600569).
  DEMASIADOS_REGISTROS: 600540,
  FACTURA_PROVEEDOR_NO_REINTENTABLE: 600541,
  PROVEEDOR_SIN_SERIE: 600542,
  ASISTENTE_FINALIZADO: 600543,
  RUC_INMUTABLE: 600544,

  // Sending to SUNAT and e-mail (600700-600799).
  CORREO_NO_ENVIADO: 600701,

  // Mass issuing from Excel (600800-600849).
  MASIVO_CON_ERRORES: 600801,
  MASIVO_ARCHIVO_INVALIDO: 600802,
  MASIVO_DEMASIADOS: 600803,
  // HR and payroll (600900-600949).
  NOMINA_APROBADA: 600901,
  NOMINA_SIN_CALCULO: 600902,
  NOMINA_SIN_TRABAJADORES: 600903,
  PARAMETRO_PLANILLA_FALTANTE: 600904,
  // Finance (600950-600999).
  TIPO_CAMBIO_FALTANTE: 600951,
  COBRO_ANULADO: 600952,
  PAGO_ANULADO: 600953,
  // Quotations and orders (601200-601249).
  PEDIDO_ESTADO_INVALIDO: 601201,
  PEDIDO_YA_ATENDIDO: 601202,
  MODULO_PRINCIPAL: 600100,
  SUCURSAL_NO_ASIGNADA: 600101,
} as const;

export type TErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Default Spanish message of each code (a thrower may give a more precise one). */
export const MensajesError: Record<TErrorCode, string> = {
  [ErrorCodes.VALIDACION]: 'Los datos enviados no son válidos',
  [ErrorCodes.DOCUMENTO_ANULADO]: 'El documento está anulado',
  [ErrorCodes.TOTAL_EXCEDIDO]: 'El total del documento fue excedido',
  [ErrorCodes.REFRESH_EXPIRADO]: 'Su sesión ha expirado, ingrese nuevamente',
  [ErrorCodes.REFRESH_DIFERENTE]: 'Su sesión ya no es válida, ingrese nuevamente',
  [ErrorCodes.EMPRESA_EN_TUBOLETA]: 'La empresa está registrada en el producto de boletas',
  [ErrorCodes.EMPRESA_EN_OTRO_PRODUCTO]: 'La empresa está registrada en otro producto',
  [ErrorCodes.MODULO_INVALIDO]: 'Módulo no válido',
  [ErrorCodes.CAJA_APERTURADA_POR_USUARIO]: 'La caja fue aperturada por el usuario',
  [ErrorCodes.CAJA_CERRADA_POR_USUARIO]: 'La caja fue cerrada por el usuario',
  [ErrorCodes.CREDENCIALES_INVALIDAS]: 'Usuario o contraseña incorrectos',
  [ErrorCodes.USUARIO_INACTIVO]: 'Su usuario no está activo. Comuníquese con el administrador de su empresa',
  [ErrorCodes.INVITACION_PENDIENTE]: 'Debe aceptar la invitación enviada a su correo antes de ingresar',
  [ErrorCodes.DEMASIADOS_INTENTOS]: 'Demasiados intentos de ingreso. Espere unos minutos e inténtelo nuevamente',
  [ErrorCodes.NO_AUTENTICADO]: 'Debe iniciar sesión para continuar',
  [ErrorCodes.TOKEN_EXPIRADO]: 'Su acceso ha caducado',
  [ErrorCodes.NO_ENCONTRADO]: 'No se encontró el registro solicitado',
  [ErrorCodes.RUTA_NO_ENCONTRADA]: 'La ruta solicitada no existe',
  [ErrorCodes.ERROR_INTERNO]: 'Ocurrió un error inesperado. Inténtelo nuevamente; si persiste, comuníquese con soporte',
  [ErrorCodes.PROHIBIDO]: 'No tiene permiso para realizar esta acción',
  [ErrorCodes.CUERPO_DEMASIADO_GRANDE]: 'La solicitud excede el tamaño permitido',
  [ErrorCodes.SESION_CERRADA]: 'Su sesión fue cerrada, ingrese nuevamente',
  [ErrorCodes.SOLICITUD_INVALIDA]: 'La solicitud no es válida',
  [ErrorCodes.IDEMPOTENCIA_OTRA_SOLICITUD]:
    'La clave Idempotency-Key ya se usó con otros datos: no se emitió nada. Para un comprobante distinto use una clave nueva',
  [ErrorCodes.SALDO_AGOTADO]: 'Se han agotado sus comprobantes, realice una recarga para seguir emitiendo',
  [ErrorCodes.PAQUETE_VENCIDO]: 'La vigencia de su paquete terminó, renueve su plan para seguir emitiendo',
  [ErrorCodes.DEMO_VENCIDO]: 'Su tiempo en la cuenta demo a finalizado, por favor configure su empresa ahora.',
  [ErrorCodes.PAGO_ESTADO_INVALIDO]: 'El pago ya fue atendido y no admite este cambio',
  [ErrorCodes.ARCHIVO_INVALIDO]: 'El archivo no es válido',
  [ErrorCodes.TARJETA_RECHAZADA]: 'La tarjeta fue rechazada por la pasarela de pagos',
  [ErrorCodes.TOKEN_TARJETA_INVALIDO]: 'El token de la tarjeta no es válido o ya fue usado: ingrese la tarjeta nuevamente',
  [ErrorCodes.SUSCRIPCION_EXISTENTE]: 'Su empresa ya tiene una suscripción vigente: cámbiela de plan o cancélela primero',
  [ErrorCodes.CONTRATO_NO_VIGENTE]: 'La suscripción fue cancelada y no admite este cambio',
  [ErrorCodes.USUARIO_YA_REGISTRADO]: 'Ya existe una cuenta con ese correo o usuario',
  [ErrorCodes.DEMASIADOS_REGISTROS]: 'Se crearon demasiadas cuentas desde su conexión. Inténtelo nuevamente más tarde',
  [ErrorCodes.FACTURA_PROVEEDOR_NO_REINTENTABLE]: 'El comprobante del proveedor para este pago ya fue emitido o el pago no está aprobado',
  [ErrorCodes.PROVEEDOR_SIN_SERIE]: 'El proveedor no tiene una serie activa para emitir el comprobante de este pago',
  [ErrorCodes.ASISTENTE_FINALIZADO]: 'El asistente de configuración ya fue completado. Los datos de la empresa se cambian en Configuración > Datos de la empresa',
  [ErrorCodes.RUC_INMUTABLE]: 'La empresa ya emitió comprobantes con su RUC: el RUC no se puede cambiar (un RUC distinto es otra empresa)',
  [ErrorCodes.CORREO_NO_ENVIADO]: 'No se pudo enviar el correo; revise la configuración del servidor de correo',
  [ErrorCodes.MASIVO_CON_ERRORES]: 'El archivo tiene errores: corríjalos y vuelva a subirlo. No se emitió ningún comprobante',
  [ErrorCodes.MASIVO_ARCHIVO_INVALIDO]: 'El archivo no es un Excel (.xlsx) válido o no tiene la hoja Documentos de la plantilla',
  [ErrorCodes.MODULO_PRINCIPAL]: 'El módulo principal (ERP) no se puede desactivar',
  [ErrorCodes.TIPO_CAMBIO_FALTANTE]: 'No hay tipo de cambio registrado para la fecha del cobro',
  [ErrorCodes.COBRO_ANULADO]: 'El cobro ya está anulado',
  [ErrorCodes.PAGO_ANULADO]: 'El pago ya está anulado',
  [ErrorCodes.NOMINA_APROBADA]: 'La planilla está aprobada: ya no se puede recalcular ni modificar',
  [ErrorCodes.NOMINA_SIN_CALCULO]: 'Calcule la planilla antes de aprobarla',
  [ErrorCodes.NOMINA_SIN_TRABAJADORES]: 'No hay trabajadores con contrato vigente en el periodo de la planilla',
  [ErrorCodes.PARAMETRO_PLANILLA_FALTANTE]: 'Falta un parámetro de planilla vigente en el periodo',
  [ErrorCodes.SUCURSAL_NO_ASIGNADA]: 'La sucursal no está asignada a su usuario',
  [ErrorCodes.PEDIDO_ESTADO_INVALIDO]: 'El estado del pedido no permite esta operación',
  [ErrorCodes.PEDIDO_YA_ATENDIDO]: 'El pedido ya fue atendido',
  [ErrorCodes.MASIVO_DEMASIADOS]: 'El archivo supera el límite de 10000 comprobantes o 50000 filas: divídalo en varios archivos',
};
