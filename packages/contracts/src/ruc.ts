import { motivoRucInvalido } from '@yupana/sunat/ruc';
import { z } from './zod-es';

// One RUC check for the whole project, owned by the SUNAT engine (packages/sunat/src/ruc.ts): web forms, request
// bodies, seeds and the XML builders accept exactly the same numbers.
export { digitoVerificadorRuc, esRucValido, motivoRucInvalido, PREFIJOS_RUC } from '@yupana/sunat/ruc';

/** A RUC field for forms and request bodies (Spanish messages). */
export const ZRuc = z
  .string({ error: 'El RUC es obligatorio' })
  .trim()
  .regex(/^\d{11}$/, 'Se espera 11 dígitos')
  .superRefine((ruc, ctx) => {
    const motivo = motivoRucInvalido(ruc);
    if (motivo) ctx.addIssue({ code: 'custom', message: motivo });
  });
