// Browser-safe part of @yupana/sunat (no node:* imports): catalogs, input models, the totals function, amounts in
// words and the QR text. The web app imports `@yupana/sunat/isomorfico` for its live totals preview.
export * from './catalogs';
export * from './model';
export * from './totals';
export * from './words';
export * from './qr';
export * from './ruc';
