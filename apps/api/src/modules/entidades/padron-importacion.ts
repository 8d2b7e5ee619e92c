import { createReadStream } from 'node:fs';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { from as copiarDesde } from 'pg-copy-streams';
import type pg from 'pg';
import type { DbHandle } from '../../db/client';

/**
 * Streaming import of SUNAT's "padrón reducido del RUC": pipe-separated, Latin-1, ~10 million lines of
 * RUC|NOMBRE O RAZÓN SOCIAL|ESTADO|CONDICIÓN|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|
 * INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|
 *
 * The file is read as bytes from the checkpoint on; every batch is written in ONE transaction together with the
 * new checkpoint (the byte after the batch's last line), so an interrupted import resumes exactly where the last
 * committed batch ended and a re-imported line just overwrites itself (upsert by RUC).
 */

export const COLUMNAS_PADRON = [
  'ruc',
  'razon_social',
  'estado',
  'condicion',
  'ubigeo',
  'tipo_via',
  'nombre_via',
  'codigo_zona',
  'tipo_zona',
  'numero',
  'interior',
  'lote',
  'departamento',
  'manzana',
  'kilometro',
] as const;

type FilaPadron = (string | null)[];

/** How a batch reaches the table: COPY (PostgreSQL: COPY FROM STDIN; PGlite: COPY FROM '/dev/blob') or one INSERT ... unnest. */
export type MetodoCarga = 'copy' | 'insert';

export type OpcionesImportacion = {
  lineasPorLote?: number;
  metodo?: MetodoCarga;
  /** Aborting stops after the batch being written (the import is left PAUSADA at its checkpoint). */
  senal?: AbortSignal;
  /** Called after every committed batch. */
  alAvanzar?: (bytesProcesados: number) => void;
};

export type ResultadoImportacion = { estado: 'COMPLETADA' | 'PAUSADA'; bytesProcesados: number; lineas: number; rechazadas: number };

const vacio = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' || t === '-' ? null : t;
};

/**
 * One line of the padrón to a row, or null when it is not a taxpayer line (header, blank, malformed).
 * A name that itself contains '|' yields extra fields: they are joined back into the name.
 */
export function parsearLineaPadron(linea: string): FilaPadron | null {
  let campos = linea.replace(/\r$/, '').split('|');
  if (campos[campos.length - 1] === '') campos = campos.slice(0, -1);
  if (campos.length < 15) return null;
  const extra = campos.length - 15;
  const ruc = campos[0].trim();
  if (!/^\d{11}$/.test(ruc)) return null;
  const nombre = campos.slice(1, 2 + extra).join('|').trim();
  if (!nombre) return null;
  const resto = campos.slice(2 + extra).map(vacio);
  return [ruc, nombre, resto[0] ?? '-', resto[1] ?? '-', ...resto.slice(2)];
}

// PostgreSQL COPY text format: tab-separated, \N for null, backslash escapes.
const escaparCopy = (v: string | null) =>
  v === null ? '\\N' : v.replace(/\0/g, '').replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
const textoCopy = (filas: FilaPadron[]) => filas.map((f) => f.map(escaparCopy).join('\t')).join('\n') + '\n';

const columnas = COLUMNAS_PADRON.join(', ');
const actualizaciones = COLUMNAS_PADRON.slice(1)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');
const SQL_PREPARAR_CARGA = `create temp table if not exists padron_carga (like padron_ruc) on commit delete rows`;
const SQL_PASAR_CARGA = `insert into padron_ruc (${columnas}) select ${columnas} from padron_carga on conflict (ruc) do update set ${actualizaciones}`;
const SQL_INSERT_UNNEST = `insert into padron_ruc (${columnas}) select * from unnest(${COLUMNAS_PADRON.map((_, i) => `$${i + 1}::text[]`).join(', ')}) on conflict (ruc) do update set ${actualizaciones}`;
const SQL_CHECKPOINT = `update padron_importacion set bytes_procesados = $1, lineas_procesadas = lineas_procesadas + $2,
  lineas_rechazadas = lineas_rechazadas + $3, log_fecha_modif = now() where id = $4`;

const columnasDe = (filas: FilaPadron[]) => COLUMNAS_PADRON.map((_, i) => filas.map((f) => f[i]));

type Escritor = (filas: FilaPadron[], checkpoint: [number, number, number, number]) => Promise<void>;

function escritorPglite(cliente: PGlite, metodo: MetodoCarga): Escritor {
  return (filas, checkpoint) =>
    cliente.transaction(async (tx: Transaction) => {
      if (filas.length) {
        if (metodo === 'copy') {
          await tx.exec(SQL_PREPARAR_CARGA);
          await tx.query(`copy padron_carga (${columnas}) from '/dev/blob'`, [], { blob: new Blob([textoCopy(filas)]) });
          await tx.exec(SQL_PASAR_CARGA);
        } else {
          await tx.query(SQL_INSERT_UNNEST, columnasDe(filas));
        }
      }
      await tx.query(SQL_CHECKPOINT, checkpoint);
    }) as Promise<void>;
}

function escritorPostgres(pool: pg.Pool, metodo: MetodoCarga): Escritor {
  return async (filas, checkpoint) => {
    const cliente = await pool.connect();
    try {
      await cliente.query('begin');
      if (filas.length) {
        if (metodo === 'copy') {
          await cliente.query(SQL_PREPARAR_CARGA);
          await new Promise<void>((resolve, reject) => {
            const flujo = cliente.query(copiarDesde(`copy padron_carga (${columnas}) from stdin`));
            flujo.on('error', reject);
            flujo.on('finish', resolve);
            flujo.end(textoCopy(filas));
          });
          await cliente.query(SQL_PASAR_CARGA);
        } else {
          await cliente.query(SQL_INSERT_UNNEST, columnasDe(filas));
        }
      }
      await cliente.query(SQL_CHECKPOINT, checkpoint);
      await cliente.query('commit');
    } catch (err) {
      await cliente.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      cliente.release();
    }
  };
}

function crearEscritor(dbh: DbHandle, metodo: MetodoCarga): Escritor {
  const cliente = (dbh.db as unknown as { $client: unknown }).$client;
  return dbh.motor === 'postgres' ? escritorPostgres(cliente as pg.Pool, metodo) : escritorPglite(cliente as PGlite, metodo);
}

/**
 * Imports `ruta` from byte `desde` to its end (import row `idImportacion`). Does not change the import's
 * status: the caller marks it PROCESANDO before and COMPLETADA / PAUSADA / ERROR after.
 */
export async function importarArchivoPadron(
  dbh: DbHandle,
  idImportacion: number,
  ruta: string,
  desde: number,
  opciones: OpcionesImportacion = {},
): Promise<ResultadoImportacion> {
  const lineasPorLote = opciones.lineasPorLote ?? 20_000;
  const escribir = crearEscritor(dbh, opciones.metodo ?? 'copy');
  // Several lines of one batch may repeat a RUC; one upsert cannot touch a row twice, so the last one wins.
  let lote = new Map<string, FilaPadron>();
  let lineasLote = 0;
  let rechazadasLote = 0;
  let checkpoint = desde;
  let totalLineas = 0;
  let totalRechazadas = 0;

  let lotes = 0;
  const volcar = async (hasta: number, ultimo = false) => {
    await escribir([...lote.values()], [hasta, lineasLote, rechazadasLote, idImportacion]);
    // Keeps the row estimate the status page shows current (see totalContribuyentes).
    if (ultimo || (++lotes * lineasPorLote) % 1_000_000 < lineasPorLote) await dbh.db.execute(sql`analyze padron_ruc`);
    checkpoint = hasta;
    totalLineas += lineasLote;
    totalRechazadas += rechazadasLote;
    lote = new Map();
    lineasLote = 0;
    rechazadasLote = 0;
    opciones.alAvanzar?.(hasta);
  };
  const procesarLinea = (bytes: Buffer) => {
    const texto = bytes.toString('latin1');
    if (texto.trim() === '' || texto.startsWith('RUC|')) return;
    const fila = parsearLineaPadron(texto);
    if (fila) {
      lote.set(fila[0]!, fila);
      lineasLote++;
    } else rechazadasLote++;
  };

  let pendiente = Buffer.alloc(0);
  let inicioPendiente = desde; // absolute offset of pendiente[0]
  const flujo = createReadStream(ruta, { start: desde, highWaterMark: 1 << 20 });
  try {
    for await (const trozo of flujo as AsyncIterable<Buffer>) {
      const buf = pendiente.length ? Buffer.concat([pendiente, trozo]) : trozo;
      let inicio = 0;
      for (let nl = buf.indexOf(10, inicio); nl !== -1; nl = buf.indexOf(10, inicio)) {
        procesarLinea(buf.subarray(inicio, nl));
        inicio = nl + 1;
        if (lineasLote + rechazadasLote >= lineasPorLote) {
          await volcar(inicioPendiente + inicio);
          if (opciones.senal?.aborted) {
            return { estado: 'PAUSADA', bytesProcesados: checkpoint, lineas: totalLineas, rechazadas: totalRechazadas };
          }
        }
      }
      pendiente = Buffer.from(buf.subarray(inicio));
      inicioPendiente += inicio;
    }
  } finally {
    flujo.destroy();
  }
  // The last line may lack its newline.
  if (pendiente.length) procesarLinea(pendiente);
  await volcar(inicioPendiente + pendiente.length, true);
  return { estado: 'COMPLETADA', bytesProcesados: checkpoint, lineas: totalLineas, rechazadas: totalRechazadas };
}
