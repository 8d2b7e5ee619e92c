import ExcelJS from 'exceljs';
import { COLUMNAS_MASIVO, HOJA_DOCUMENTOS_MASIVO, LIMITES_MASIVO, TAMANO_MAXIMO_MASIVO_TEXTO, type TClaveColumnaMasivo } from '@yupana/contracts';
import { letraColumna } from './lectura';

/** Lists offered by the template's data validation (others are still accepted where SUNAT allows them). */
const LISTAS: Partial<Record<TClaveColumnaMasivo, { valores: string[]; estricta: boolean }>> = {
  Tipo: { valores: ['01', '03'], estricta: true },
  Moneda: { valores: ['PEN', 'USD'], estricta: true },
  TipoDocCliente: { valores: ['RUC', 'DNI', 'CE', 'PASAPORTE'], estricta: true },
  Unidad: { valores: ['NIU', 'ZZ', 'KGM', 'GRM', 'LTR', 'MTR', 'BX', 'DZN', 'PK', 'SET', 'HUR', 'TNE', 'GLL', 'MTK', 'MTQ'], estricta: false },
  Afectacion: { valores: ['10', '11', '12', '13', '14', '15', '16', '17', '20', '21', '30', '31', '32', '33', '34', '35', '36', '37', '40'], estricta: true },
};
const FILAS_CON_VALIDACION = 1000;

export type TSerieParaPlantilla = { serie: string; tipo: string; sucursal: string };

/**
 * The template: a "Documentos" sheet (headers with notes, data-validation lists, text cells for codes so "01" keeps
 * its zero) and an "Instrucciones" sheet with the rules, an example and the company's series.
 */
export async function generarPlantilla(series: TSerieParaPlantilla[]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Yupana';
  const hoja = libro.addWorksheet(HOJA_DOCUMENTOS_MASIVO, { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = COLUMNAS_MASIVO.map((c) => ({ header: c.Titulo, key: c.Clave, width: c.Ancho }));
  const cabecera = hoja.getRow(1);
  cabecera.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  cabecera.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  COLUMNAS_MASIVO.forEach((c, i) => {
    cabecera.getCell(i + 1).note = c.Ayuda;
    const lista = LISTAS[c.Clave];
    const letra = letraColumna(i + 1);
    // Text format for codes and document numbers (leading zeros), for every data row the validation covers.
    if (['Documento', 'Tipo', 'Serie', 'NumeroDocCliente', 'CodigoItem', 'Afectacion', 'Unidad'].includes(c.Clave)) hoja.getColumn(i + 1).numFmt = '@';
    if (!lista) return;
    // One range per column. Per-cell validations would be squeezed by exceljs into overlapping ranges (it sorts B10
    // before B2), which Excel offers to "repair".
    (hoja as unknown as { dataValidations: { add(rango: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${letra}2:${letra}${FILAS_CON_VALIDACION + 1}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [`"${lista.valores.join(',')}"`],
        showErrorMessage: true,
        errorStyle: lista.estricta ? 'stop' : 'warning',
        errorTitle: c.Titulo,
        error: c.Ayuda,
      },
    );
  });

  const ins = libro.addWorksheet('Instrucciones');
  ins.getColumn(1).width = 28;
  ins.getColumn(2).width = 100;
  const titulo = ins.addRow(['Emisión masiva de comprobantes']);
  titulo.font = { bold: true, size: 14 };
  ins.addRow([]);
  for (const linea of [
    ['1.', 'Llene la hoja "Documentos": una fila por ítem. Las filas con la misma clave en la columna "Documento" forman un comprobante.'],
    ['2.', 'Los datos del comprobante (tipo, serie, fecha, moneda, cliente, observaciones) se leen de su primera fila; en las demás filas déjelos vacíos o repita el mismo valor.'],
    ['3.', 'Al subir el archivo se validan TODAS las filas; si hay errores se muestran por fila y columna y no se emite ningún comprobante.'],
    ['4.', 'Sin errores, los comprobantes se emiten en orden con números correlativos de cada serie. Descargue el resultado con la serie y número de cada uno.'],
    ['5.', `Límites: ${LIMITES_MASIVO.MAX_DOCUMENTOS} comprobantes, ${LIMITES_MASIVO.MAX_FILAS} filas y ${TAMANO_MAXIMO_MASIVO_TEXTO} por archivo. Solo facturas (01) y boletas (03), al contado.`],
    ['6.', 'La factura requiere un cliente con RUC. Una boleta sin cliente se emite a CLIENTES VARIOS (hasta S/ 700.00).'],
    ['7.', 'Con el código de un ítem de su catálogo basta indicar la cantidad: la descripción, unidad, precio y afectación vacíos se toman del catálogo.'],
  ])
    ins.addRow(linea);
  ins.addRow([]);
  ins.addRow(['Columna', 'Contenido']).font = { bold: true };
  for (const c of COLUMNAS_MASIVO) ins.addRow([c.Titulo, c.Ayuda]);
  ins.addRow([]);
  ins.addRow(['Ejemplo (dos comprobantes)']).font = { bold: true };
  ins.addRow(COLUMNAS_MASIVO.map((c) => c.Titulo)).font = { italic: true };
  const fSerie = series.find((s) => s.tipo === 'Factura')?.serie ?? 'F001';
  const bSerie = series.find((s) => s.tipo === 'Boleta de venta')?.serie ?? 'B001';
  ins.addRow(['1', '01', fSerie, '', 'PEN', 'RUC', '20100070970', 'SUPERMERCADOS PERUANOS S.A.', '', '', '', 'P001', 'ARROZ 5 KG', 'NIU', 2, 25.9, '10']);
  ins.addRow(['1', '', '', '', '', '', '', '', '', '', '', 'S001', 'SERVICIO DE DELIVERY', 'ZZ', 1, 11.8, '10']);
  ins.addRow(['2', '03', bSerie, '', 'PEN', 'DNI', '45678912', 'MARÍA PÉREZ QUISPE', '', '', '', '', 'GASEOSA 500 ML', 'NIU', 6, 2.5, '10']);
  ins.addRow([]);
  ins.addRow(['Series disponibles']).font = { bold: true };
  if (series.length === 0) ins.addRow(['', 'Su empresa no tiene series de facturas o boletas: regístrelas en Series antes de emitir.']);
  for (const s of series) ins.addRow([s.serie, `${s.tipo} — ${s.sucursal}`]);

  return Buffer.from(await libro.xlsx.writeBuffer());
}
