import { NombreEstadoSunat } from '@yupana/contracts';
import { Tag, Tooltip } from 'antd';
import { COLOR_ESTADO_SUNAT } from './catalogos-ui';

/** Tax-authority status tag; a rejected or erroneous document shows SUNAT's code (and its message on hover). */
export function EstadoSunatTag({ estado, codigo, mensaje }: { estado: number; codigo?: string | null; mensaje?: string | null }) {
  const conCodigo = codigo && [3, 5, 7].includes(estado);
  const tag = (
    <Tag color={COLOR_ESTADO_SUNAT[estado] ?? 'default'} data-testid="estado-sunat" data-estado={estado}>
      {NombreEstadoSunat[estado] ?? `Estado ${estado}`}
      {conCodigo ? ` (${codigo})` : ''}
    </Tag>
  );
  return mensaje && conCodigo ? <Tooltip title={mensaje}>{tag}</Tooltip> : tag;
}
