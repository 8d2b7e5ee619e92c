import { useCallback, useEffect, useRef, useState } from 'react';
import { Decimal } from '@yupana/sunat/isomorfico';
import type { TDescarteDispositivo, TDispositivoCaja, TEntidadDocumento, TItem, TVentaCaja, TVentaCajaCrear, TVentaDispositivo } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { api } from '../../../lib/session';

/**
 * Offline sales of the point of sale (issue 12, branch posoffline; docs/decisions.md "posoffline").
 *
 * - The browser is a device of the box: a UUID per box in localStorage, registered on the server, which reserves for it
 *   a nota de venta series of its own (D001...).
 * - The catalogue (a bounded sync of up to 300 items of the box's branch plus every item searched) and the customers
 *   looked up are kept in IndexedDB, so the cart can be filled without a connection.
 * - Offline, a sale is a nota de venta or a boleta (branch posboleta: the device's B9xx series) numbered by the device,
 *   one counter per series: the number and the queued sale are written in ONE
 *   IndexedDB transaction (the counter lives next to the queue), so a number is never given twice nor skipped.
 * - On reconnect (the online event, and every 10 s while something is pending) the queue goes to the server in number
 *   order, one at a time; the server de-duplicates by the sale's UUID and by (series, number). A refused sale stays
 *   queued with the server's reason, and the ones after it wait (numbers are accepted only in order).
 */

const BD = 'yupana-pos';
const VERSION = 1;
type TVentaLocal = {
  Uuid: string;
  IdCaja: number;
  IdDispositivo: string;
  /** 1008 nota de venta, 1004 boleta (posboleta; absent on the notas queued before boletas offline). */
  Tipo?: 1004 | 1008;
  Serie: string;
  Numero: number;
  HoraEmision: string;
  Cuerpo: TVentaCajaCrear;
  Total: string;
  Vuelto: string;
  Creada: string;
  /** The server's reason when it refused the sale (it stays in the queue). */
  Error?: string;
};
export type { TVentaLocal };

function abrir(): Promise<IDBDatabase> {
  return new Promise((ok, mal) => {
    const r = indexedDB.open(BD, VERSION);
    r.onupgradeneeded = () => {
      const db = r.result;
      if (!db.objectStoreNames.contains('ventas')) db.createObjectStore('ventas', { keyPath: 'Uuid' });
      if (!db.objectStoreNames.contains('contadores')) db.createObjectStore('contadores');
      if (!db.objectStoreNames.contains('items')) db.createObjectStore('items');
      if (!db.objectStoreNames.contains('clientes')) db.createObjectStore('clientes');
    };
    r.onsuccess = () => ok(r.result);
    r.onerror = () => mal(r.error);
  });
}

let conexion: Promise<IDBDatabase> | null = null;
const bd = () => (conexion ??= abrir());

/** Runs `fn` in one transaction over `tiendas`; resolves when the transaction commits. */
async function enTransaccion<T>(tiendas: string[], modo: IDBTransactionMode, fn: (t: IDBTransaction, fijar: (v: T) => void) => void): Promise<T> {
  const db = await bd();
  return new Promise<T>((ok, mal) => {
    const t = db.transaction(tiendas, modo);
    let valor: T;
    fn(t, (v) => (valor = v));
    t.oncomplete = () => ok(valor);
    t.onerror = () => mal(t.error);
    t.onabort = () => mal(t.error ?? new Error('Transacción abortada'));
  });
}

const pedir = <T>(r: IDBRequest<T>, fn: (v: T) => void) => (r.onsuccess = () => fn(r.result));

async function ventasDeCaja(idCaja: number): Promise<TVentaLocal[]> {
  const todas = await enTransaccion<TVentaLocal[]>(['ventas'], 'readonly', (t, fijar) => pedir(t.objectStore('ventas').getAll() as IDBRequest<TVentaLocal[]>, fijar));
  // In the order they were made: each series' numbers are then in order (the server takes them only so).
  return todas.filter((v) => v.IdCaja === idCaja).sort((a, b) => a.Creada.localeCompare(b.Creada) || a.Numero - b.Numero);
}

/** The counter of a series of the device: one per box and document type (notas keep their original key). */
const claveContador = (idCaja: number, tipo: 1004 | 1008) => (tipo === 1004 ? `ultimo-boleta-${idCaja}` : `ultimo-${idCaja}`);

async function ultimoLocal(idCaja: number, tipo: 1004 | 1008 = 1008): Promise<number> {
  const v = await enTransaccion<number | undefined>(['contadores'], 'readonly', (t, fijar) =>
    pedir(t.objectStore('contadores').get(claveContador(idCaja, tipo)) as IDBRequest<number | undefined>, fijar),
  );
  return v ?? 0;
}

/** Caches items of a branch (key branch:id; branch ids are unique across companies). */
export async function guardarItems(idSucursal: number, items: TItem[]): Promise<void> {
  if (!items.length) return;
  await enTransaccion<void>(['items'], 'readwrite', (t) => {
    for (const i of items) t.objectStore('items').put(i, `${idSucursal}:${i.Id}`);
  });
}

const normal = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The cached items of the branch whose description, code or barcode contains the text (at most 10, as online). */
export async function buscarEnCache(idSucursal: number, texto: string): Promise<TItem[]> {
  const prefijo = `${idSucursal}:`;
  const todos = await enTransaccion<TItem[]>(['items'], 'readonly', (t, fijar) =>
    pedir(t.objectStore('items').getAll(IDBKeyRange.bound(prefijo, `${prefijo}\uffff`)) as IDBRequest<TItem[]>, fijar),
  );
  const q = normal(texto.trim());
  const exactos = todos.filter((i) => normal(i.Codigo) === q || (i.Presentaciones ?? []).some((p) => p.CodigoBarras === texto.trim()));
  const resto = todos.filter((i) => !exactos.includes(i) && (normal(i.Descripcion).includes(q) || normal(i.Codigo).includes(q)));
  return [...exactos, ...resto].slice(0, 10);
}

export async function guardarCliente(c: TEntidadDocumento): Promise<void> {
  await enTransaccion<void>(['clientes'], 'readwrite', (t) => void t.objectStore('clientes').put(c, c.NumeroDocumento));
}

export async function clienteEnCache(numero: string): Promise<TEntidadDocumento | undefined> {
  return enTransaccion<TEntidadDocumento | undefined>(['clientes'], 'readonly', (t, fijar) => pedir(t.objectStore('clientes').get(numero) as IDBRequest<TEntidadDocumento | undefined>, fijar));
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The device id of this browser for a box (one device per browser and box). */
function idDispositivo(idCaja: number): string {
  const clave = `yupana-pos-dispositivo-${idCaja}`;
  let id = localStorage.getItem(clave);
  if (!id) localStorage.setItem(clave, (id = uuid()));
  return id;
}

const claveRegistro = (idCaja: number) => `yupana-pos-registro-${idCaja}`;
function registroGuardado(idCaja: number): TDispositivoCaja | null {
  try {
    return JSON.parse(localStorage.getItem(claveRegistro(idCaja)) ?? 'null') as TDispositivoCaja | null;
  } catch {
    return null;
  }
}

/**
 * SUNAT takes a boleta up to 3 days after its date (the engine refuses it later, posboleta). When the oldest queued
 * boleta is more than 48 hours old the screen warns with the hours left (posfix): 72 hours from when it was made.
 */
export function avisoVentanaBoletas(pendientes: TVentaLocal[], ahora = Date.now()): { venta: TVentaLocal; horasRestantes: number } | null {
  const boletas = pendientes.filter((p) => p.Tipo === 1004).sort((a, b) => a.Creada.localeCompare(b.Creada));
  const v = boletas[0];
  if (!v) return null;
  const horas = (ahora - new Date(v.Creada).getTime()) / 3_600_000;
  if (!(horas > 48)) return null;
  return { venta: v, horasRestantes: Math.max(0, Math.floor(72 - horas)) };
}

const sinRed = (e: unknown) => e instanceof ApiError && e.status === 0;
const horaLima = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date());

export type TSinConexion = {
  enLinea: boolean;
  dispositivo: TDispositivoCaja | null;
  pendientes: TVentaLocal[];
  sincronizando: boolean;
  /** A request failed for lack of network: the screen switches to offline selling. */
  marcarSinConexion: () => void;
  /** Queues a sale made offline (a nota de venta or a boleta on the device's series of that type) and returns it with its number. */
  venderSinConexion: (cuerpo: TVentaCajaCrear, total: string, vuelto: string, tipo: 1004 | 1008) => Promise<TVentaLocal>;
  sincronizar: () => Promise<void>;
  /** Discards a refused queued sale with a reason (posfix): the server records its number as discarded; it leaves the queue. */
  descartar: (v: TVentaLocal, motivo: string, autorizacion?: string) => Promise<void>;
  /** What the close reports: the device and the last number it used. */
  reporteCierre: () => Promise<{ IdDispositivo: string; UltimoNumero: number; UltimoNumeroBoleta: number } | undefined>;
};

/** The device of this browser for the box of the open session: registration, cache, queue and sync. */
export function useVentasSinConexion(idCaja: number, idSucursal: number, alSincronizar?: (v: TVentaCaja) => void): TSinConexion {
  const [enLinea, setEnLinea] = useState(() => navigator.onLine);
  const [dispositivo, setDispositivo] = useState<TDispositivoCaja | null>(() => registroGuardado(idCaja));
  const [pendientes, setPendientes] = useState<TVentaLocal[]>([]);
  const [sincronizando, setSincronizando] = useState(false);
  const enCurso = useRef<Promise<void> | null>(null);
  const avisar = useRef(alSincronizar);
  avisar.current = alSincronizar;

  const releer = useCallback(async () => setPendientes(await ventasDeCaja(idCaja)), [idCaja]);

  const registrar = useCallback(async () => {
    const d = await api.post<TDispositivoCaja>('/ventas/v1/cajas/dispositivos', {
      IdDispositivo: idDispositivo(idCaja),
      IdCaja: idCaja,
      UltimoNumero: await ultimoLocal(idCaja),
      UltimoNumeroBoleta: await ultimoLocal(idCaja, 1004),
    });
    localStorage.setItem(claveRegistro(idCaja), JSON.stringify(d));
    setDispositivo(d);
    return d;
  }, [idCaja]);

  const sincronizar = useCallback(async () => {
    if (enCurso.current) return enCurso.current;
    const trabajo = (async () => {
      if (!navigator.onLine) return void setEnLinea(false);
      setSincronizando(true);
      try {
        await registrar();
        setEnLinea(true);
        for (const v of await ventasDeCaja(idCaja)) {
          const cuerpo: TVentaDispositivo = { ...v.Cuerpo, IdDispositivo: v.IdDispositivo, Uuid: v.Uuid, Numero: v.Numero, HoraEmision: v.HoraEmision };
          try {
            const r = await api.post<TVentaCaja>('/ventas/v1/cajas/dispositivos/ventas', cuerpo);
            await enTransaccion<void>(['ventas'], 'readwrite', (t) => void t.objectStore('ventas').delete(v.Uuid));
            avisar.current?.(r);
          } catch (e) {
            if (sinRed(e)) throw e;
            // Refused: it stays queued with the reason; the later numbers wait for it (the server takes them in order).
            await enTransaccion<void>(['ventas'], 'readwrite', (t) => void t.objectStore('ventas').put({ ...v, Error: mensajeDeError(e) }));
            break;
          }
        }
        // The registration again: it answers the series' last number received.
        await registrar();
      } catch (e) {
        if (sinRed(e)) setEnLinea(false);
      } finally {
        setSincronizando(false);
        await releer();
      }
    })();
    enCurso.current = trabajo;
    try {
      await trabajo;
    } finally {
      enCurso.current = null;
    }
  }, [idCaja, registrar, releer]);

  // On load: the queue, the registration and sync, and a bounded copy of the branch's catalogue.
  useEffect(() => {
    void releer();
    void sincronizar();
    void (async () => {
      try {
        for (let pagina = 1; pagina <= 3; pagina++) {
          const r = await api.get<{ Data: TItem[]; Count: number }>('/logistica/v1/items', { query: { pagina, regxpag: 100, idsucursal: idSucursal, estado: 1 } });
          await guardarItems(idSucursal, r.Data);
          if (r.Data.length < 100) break;
        }
      } catch {
        // Without a connection the catalogue copy waits for the next load; the searches made online still fill it.
      }
    })();
  }, [idCaja, idSucursal, releer, sincronizar]);

  useEffect(() => {
    const conectado = () => void sincronizar();
    const desconectado = () => setEnLinea(false);
    window.addEventListener('online', conectado);
    window.addEventListener('offline', desconectado);
    // A periodic try: the online event is not always fired (a router that lost its uplink), and refused sales retry.
    const reloj = window.setInterval(() => {
      if (!enLinea || pendientes.length) void sincronizar();
    }, 10_000);
    return () => {
      window.removeEventListener('online', conectado);
      window.removeEventListener('offline', desconectado);
      window.clearInterval(reloj);
    };
  }, [sincronizar, enLinea, pendientes.length]);

  const venderSinConexion = useCallback(
    async (cuerpo: TVentaCajaCrear, total: string, vuelto: string, tipo: 1004 | 1008) => {
      const d = dispositivo ?? registroGuardado(idCaja);
      if (!d) throw new Error('Este equipo no tiene serie para vender sin conexión: conéctese una vez con la caja abierta para registrarlo');
      const boleta = tipo === 1004;
      if (boleta && (d.IdSerieBoleta == null || !d.SerieBoleta)) throw new Error('Este equipo no tiene serie de boletas sin conexión: conéctese una vez para registrarla');
      const serie = boleta ? { IdSerie: d.IdSerieBoleta!, Serie: d.SerieBoleta!, Ultimo: d.UltimoSincronizadoBoleta ?? 0 } : { IdSerie: d.IdSerie, Serie: d.Serie, Ultimo: d.UltimoSincronizado };
      const clave = claveContador(idCaja, tipo);
      const venta = await enTransaccion<TVentaLocal>(['ventas', 'contadores'], 'readwrite', (t, fijar) => {
        // The counter and the sale in one transaction: the number is taken only if the sale is stored.
        pedir(t.objectStore('contadores').get(clave) as IDBRequest<number | undefined>, (ultimo) => {
          const numero = Math.max(ultimo ?? 0, serie.Ultimo) + 1;
          const v: TVentaLocal = {
            Uuid: uuid(),
            IdCaja: idCaja,
            IdDispositivo: d.IdDispositivo,
            Tipo: tipo,
            Serie: serie.Serie,
            Numero: numero,
            HoraEmision: horaLima(),
            Cuerpo: { ...cuerpo, Documento: { ...cuerpo.Documento, IdTipoDocumento: tipo, IdSerie: serie.IdSerie } },
            Total: total,
            Vuelto: vuelto,
            Creada: new Date().toISOString(),
          };
          t.objectStore('ventas').put(v);
          t.objectStore('contadores').put(numero, clave);
          fijar(v);
        });
      });
      await releer();
      return venta;
    },
    [dispositivo, idCaja, releer],
  );

  const reporteCierre = useCallback(async () => {
    const d = dispositivo ?? registroGuardado(idCaja);
    return d ? { IdDispositivo: d.IdDispositivo, UltimoNumero: await ultimoLocal(idCaja), UltimoNumeroBoleta: await ultimoLocal(idCaja, 1004) } : undefined;
  }, [dispositivo, idCaja]);

  const descartar = useCallback(
    async (v: TVentaLocal, motivo: string, autorizacion?: string) => {
      const cuerpo = v.Cuerpo as TVentaCajaCrear & { Pagos?: { IdMedioPago: number; Monto: string }[] };
      // The cash the sale kept: its total less what was paid by other means (the change was given back).
      const otros = (cuerpo.Pagos ?? []).filter((p) => p.IdMedioPago !== 1).reduce((s, p) => s.plus(p.Monto), new Decimal(0));
      const efectivo = Decimal.max(new Decimal(v.Total).minus(otros), 0).toFixed(2);
      const lineas = (cuerpo.Documento.ListaItems ?? []).map((i) => `${i.Cantidad} x ${i.ItemDescripcion}`).join('; ');
      const body: TDescarteDispositivo = {
        IdDispositivo: v.IdDispositivo,
        Uuid: v.Uuid,
        IdTipoDocumento: v.Tipo ?? 1008,
        Numero: v.Numero,
        Motivo: motivo,
        Total: new Decimal(v.Total).toFixed(2),
        Efectivo: efectivo,
        FechaEmision: cuerpo.Documento.FechaEmision,
        Resumen: `${lineas}. Rechazo: ${v.Error ?? ''}`.slice(0, 4000),
        // A supervisor's token for this very sale when the cashier may not discard alone (branch pospin).
        ...(autorizacion ? { Autorizacion: autorizacion } : {}),
      };
      await api.post('/ventas/v1/cajas/dispositivos/descartes', body);
      await enTransaccion<void>(['ventas'], 'readwrite', (t) => void t.objectStore('ventas').delete(v.Uuid));
      await releer();
      void sincronizar();
    },
    [releer, sincronizar],
  );

  return { enLinea, dispositivo, pendientes, sincronizando, marcarSinConexion: () => setEnLinea(false), venderSinConexion, sincronizar, reporteCierre, descartar };
}
