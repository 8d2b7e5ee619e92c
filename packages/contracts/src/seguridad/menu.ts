import { z } from '../zod-es';
import { ZEntero } from '../validacion';

export const ZMenuQuery = z.object({
  IdPermiso: ZEntero({ min: 0 }).optional().describe('Return only the subtree under this permission (0 or absent: all)'),
  logInFormat: z.string().max(50).optional(),
});

export const TiposEnlace = ['link', 'extLink', 'sub', 'parent', 'admin', 'complete', 'external'] as const;

export type TMenuNode = {
  Id: number;
  IdPermiso: number;
  Descripcion: string;
  Ruta: string | null;
  IconMenu: string | null;
  Tipo: number;
  TipoEnlace: (typeof TiposEnlace)[number] | null;
  EstadoPrincipal: string | null;
  Estado: string | null;
  SubMenu: boolean;
  Hijos: TMenuNode[];
  Orden: number;
};

export const ZMenuNode: z.ZodType<TMenuNode> = z.object({
  Id: z.number().int(),
  IdPermiso: z.number().int(),
  Descripcion: z.string(),
  Ruta: z.string().nullable(),
  IconMenu: z.string().nullable().describe('antd icon name, e.g. "FileTextOutlined"'),
  Tipo: z.number().int().describe('0 group label / root, 1 menu entry, 2 control'),
  TipoEnlace: z.enum(TiposEnlace).nullable().describe('top level: link | extLink | sub; children: parent | admin | complete | external'),
  EstadoPrincipal: z.string().nullable(),
  Estado: z.string().nullable(),
  SubMenu: z.boolean(),
  get Hijos() {
    return z.array(ZMenuNode);
  },
  Orden: z.number().int(),
});

// Named in the global registry so the OpenAPI document can reference the recursive node by name.
z.globalRegistry.add(ZMenuNode, { id: 'MenuNode' });

export const ZMenuRespuesta = z.object({ Data: z.array(ZMenuNode), Count: z.number().int() });
export type TMenuRespuesta = z.infer<typeof ZMenuRespuesta>;
