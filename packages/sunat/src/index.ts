// API pública de @yupana/sunat. Las partes isomórficas (catálogos, modelo, totales, letras, QR) no usan node:*.
export * from './catalogs';
export * from './model';
export * from './totals';
export * from './totals/resumen';
export * from './words';
export * from './qr';
export * from './ruc';
export * from './ubl';
export * from './signature';
export * from './zip';
export * from './cdr';
export * from './transport';
export * from './errors';
