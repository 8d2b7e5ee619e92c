import { DeleteOutlined, LoadingOutlined, PercentageOutlined, LogoutOutlined, PrinterOutlined, SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, List, Modal, Radio, Result, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { calcularTotales, Decimal } from '@yupana/sunat/isomorfico';
import { ErrorCodes, EVENTO_STOCK, MediosPagoCaja, ModosBusquedaItem, type TCuadreCaja, type TEntidadDocumento, type TItem, type TMiCaja, type TStockVenta, type TVentaCaja } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { imprimirTicketTermico } from '../../../lib/impresora-termica';
import { conectarTiempoReal, desconectarTiempoReal, useEventoTiempoReal } from '../../../lib/tiempo-real';
import { CompartirVenta } from '../components/compartir-venta';
import {
  abrirReporteZ,
  abrirTicket,
  buscarItems,
  consultarCliente,
  useAbrirCaja,
  useCerrarCaja,
  useMiCajaPuntoVenta,
  useMovimientoCaja,
  useFavoritosVenta,
  useSeriesVenta,
  useVender,
  useMiAutorizacion,
} from '../api/cajas';
import { AutorizacionSupervisorModal } from '../components/autorizacion-supervisor-modal';
import { DescuentoModal, type TDescuento } from '../components/descuento-modal';
import { ImagenItem } from '../../../components/imagen-item';
// eslint-disable-next-line yupana/no-cross-import -- the point of sale's category chips are the catalogue's categories (branch marcas)
import { useMarcas } from '../../items/api/marcas';
// eslint-disable-next-line yupana/no-cross-import -- the point of sale sells at the price of the chosen price list (issue 12)
import { preciosDeItem, useListasPrecios } from '../../pedidos/api/pedidos';
// eslint-disable-next-line yupana/no-cross-import -- a credit sale at the till takes its cuotas with the factura form's fields
import { CuotasCampos } from '../../documentos/components/cuotas-campos';
// eslint-disable-next-line yupana/no-cross-import -- the cart picks lots and serials from the stock the issue screens' line pickers read
import { unidadesBase, useStocksVenta } from '../../documentos/api/stock-venta';
import { avisoVentanaBoletas, buscarEnCache, clienteEnCache, guardarCliente, guardarItems, useVentasSinConexion, type TSinConexion, type TVentaLocal } from '../offline/ventas-sin-conexion';
import { DescartarVentaModal } from '../components/descartar-venta-modal';
import { registrarServiceWorkerPuntoVenta } from '../offline/sw-puntoventa';
import { useQueryClient } from '@tanstack/react-query';

/**
 * A cart line, in the item's own unit or in one of its presentations (`unidad`, CAJA x 12, with the price of that unit);
 * lot-tracked items may name their lot (empty = FEFO), serial-tracked ones their serials; `grupo` names the worker group
 * whose price the customer gets.
 */
type TLinea = { clave: string; item: TItem; cantidad: string; unidad?: string; precio?: string; lote?: string; series?: string[]; grupo?: string; descuento?: TDescuento };
const unidadDe = (l: TLinea) => l.unidad ?? l.item.CodigoUnidad;
const precioDe = (l: TLinea) => l.precio ?? l.item.PrecioUnitario;

/**
 * Each line's discount on its value without IGV (catálogo 53 code 00, the engine's line discount): its own (a % of its
 * value, or soles with IGV turned into value by the line's own price/value ratio) plus its share of the sale's global
 * discount (the same % on what is left, or the soles prorated by what is left of each line). So a global discount needs
 * no engine change and the server sees every discount on the lines it checks (branch pospin).
 */
function descuentosDeLineas(lineas: TLinea[], global: TDescuento | null, valores: Decimal[]): Decimal[] {
  const brutos = lineas.map((l) => new Decimal(precioDe(l)).times(l.cantidad || 0));
  const razon = brutos.map((b, i) => (b.gt(0) ? valores[i].div(b) : new Decimal(0)));
  const propios = lineas.map((l, i) => {
    const d = l.descuento;
    if (!d || !(Number(d.valor) > 0)) return new Decimal(0);
    return d.tipo === '%' ? valores[i].times(d.valor).div(100) : new Decimal(d.valor).times(razon[i]);
  });
  const restoValor = valores.map((v, i) => Decimal.max(v.minus(propios[i]), 0));
  const restoBruto = restoValor.map((v, i) => (razon[i].gt(0) ? v.div(razon[i]) : new Decimal(0)));
  const sumaResto = restoBruto.reduce((a, b) => a.plus(b), new Decimal(0));
  return lineas.map((_, i) => {
    let g = new Decimal(0);
    if (global && Number(global.valor) > 0)
      g = global.tipo === '%' ? restoValor[i].times(global.valor).div(100) : sumaResto.gt(0) ? new Decimal(global.valor).times(restoBruto[i]).div(sumaResto).times(razon[i]) : g;
    return Decimal.min(propios[i].plus(g), valores[i]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  });
}
/** What the cart says about a line before charging: `bloquea` disables "Cobrar" (the server would refuse the sale). */
type TAviso = { bloquea: boolean; texto: string };
type TPago = { IdMedioPago: number; Monto: string; Referencia?: string };
type TCuotasForm = { FechaEmision: Dayjs; Cuotas: { Monto?: string; FechaVencimiento?: Dayjs }[] };
const hoyLima = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const TIPOS = [
  { id: 1004, nombre: 'Boleta', codigo: '03' },
  { id: 1003, nombre: 'Factura', codigo: '01' },
  { id: 1008, nombre: 'Nota de venta', codigo: '03' },
] as const;
const soles = (v: Decimal.Value) => `S/\u00a0${new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const aDecimal = (v: string | number | null | undefined) => {
  try {
    return new Decimal(v === null || v === undefined || v === '' ? 0 : v);
  } catch {
    return new Decimal(0);
  }
};
function nuevaClave(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
}

const fechaCorta = (v: string | null) => (v ? dayjs(v).format('DD/MM/YYYY') : 'sin vencimiento');

/**
 * The cart's check of a line against what the search said is available (stock - reserved, in base units: quantity x
 * the presentation's factor) and, for a chosen lot, against that lot; serials must be one per base unit. When the
 * company forbids negative stock an excess blocks the charge (the server would answer 409); when it allows it, the
 * excess is only a warning. The server's check at charge time stays the authority.
 */
function avisoDe(l: TLinea, sv: TStockVenta | undefined): TAviso | null {
  const unidad = l.item.CodigoUnidad;
  const base = unidadesBase(l.cantidad, unidadDe(l), l.item.Presentaciones ?? sv?.Presentaciones);
  if (base === null || base.lte(0)) return { bloquea: true, texto: 'Indique una cantidad mayor que cero' };
  if (l.item.ControlSerie) {
    if (!base.isInteger()) return { bloquea: true, texto: 'Las series se venden por unidades enteras' };
    const elegidas = l.series?.length ?? 0;
    if (elegidas !== base.toNumber()) return { bloquea: true, texto: `Elija ${base.toFixed()} ${base.eq(1) ? 'serie' : 'series'} (una por unidad); hay ${elegidas}` };
  }
  const e = l.item.Existencia;
  if (!e) return null;
  let disponible = aDecimal(e.Disponible);
  let donde = '';
  const lote = l.lote ? sv?.Lotes.find((x) => x.CodigoLote === l.lote) : undefined;
  if (lote) {
    disponible = Decimal.min(disponible, aDecimal(lote.Disponible));
    donde = ` en el lote ${lote.CodigoLote}`;
  }
  if (base.lte(disponible)) return null;
  const cuanto = `disponible ${disponible.toFixed()} ${unidad}${donde}, pidió ${base.toFixed()}`;
  return e.PermiteNegativo
    ? { bloquea: false, texto: `Supera lo disponible (${cuanto}): el stock quedará negativo` }
    : { bloquea: true, texto: `Stock insuficiente: ${cuanto}` };
}

/** The point of sale: full screen, keyboard first (F2 search, F9 charge, Esc cancel), behind an open cash session. */
export function PuntoVentaPage() {
  const mia = useMiCajaPuntoVenta();
  // Offline first load (posfix): the page's service worker, scoped to /puntoventa.
  useEffect(() => registrarServiceWorkerPuntoVenta(), []);
  // Kept here: once closed, the session query has no open session and the selling screen goes away.
  const [cierre, setCierre] = useState<TCuadreCaja | null>(null);
  // The point of sale has no shell: it opens the tab's socket to the realtime hub itself (live stock, session events).
  useEffect(() => {
    conectarTiempoReal();
    return () => desconectarTiempoReal();
  }, []);
  if (cierre) return <ResultadoCierre cuadre={cierre} onOtra={() => setCierre(null)} />;
  if (mia.isPending) return <div style={{ padding: 24 }}>Cargando su caja…</div>;
  if (mia.isError) return <Result status="error" title="No se pudo cargar su caja" subTitle={mensajeDeError(mia.error)} extra={<Link to="/admin">Volver al sistema</Link>} />;
  if (!mia.data.Sesion) return <AbrirCaja mia={mia.data} />;
  return <Vender mia={mia.data} onCerrada={setCierre} />;
}

function Pantalla({ children, barra }: { children: React.ReactNode; barra: React.ReactNode }) {
  return (
    <div data-testid="punto-venta" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f3f5f8' }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', padding: '8px 16px', background: '#1f3a5f', color: '#fff' }}>
        <strong style={{ fontSize: 16 }}>Punto de venta</strong>
        <Space wrap size={6}>{barra}</Space>
      </header>
      <main style={{ flex: 1, padding: 12 }}>{children}</main>
    </div>
  );
}

function AbrirCaja({ mia }: { mia: TMiCaja }) {
  const abrir = useAbrirCaja();
  const { message } = App.useApp();
  const libres = mia.Cajas.filter((c) => !c.IdSesionAbierta);
  const [form] = Form.useForm<{ IdCaja: number; MontoApertura: string }>();
  async function enviar(v: { IdCaja: number; MontoApertura: string }) {
    try {
      await abrir.mutateAsync({ idCaja: v.IdCaja, datos: { MontoApertura: String(v.MontoApertura ?? '0') } });
      message.success('Caja aperturada');
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }
  return (
    <Pantalla barra={<Link to="/admin" style={{ color: '#fff' }}>Volver al sistema</Link>}>
      <Card title="Abrir caja" style={{ maxWidth: 420, margin: '24px auto' }}>
        {!mia.Cajas.length ? (
          <Alert type="info" showIcon title="No hay cajas en sus sucursales: pida a su supervisor que cree una en Caja > Cajas." />
        ) : (
          <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ IdCaja: libres[0]?.Id, MontoApertura: '0.00' }}>
            <p>Para vender, abra una sesión de caja con el fondo inicial de efectivo.</p>
            <Form.Item name="IdCaja" label="Caja" rules={[{ required: true, message: 'Seleccione la caja' }]}>
              <Select
                aria-label="Caja"
                options={mia.Cajas.map((c) => ({
                  value: c.Id,
                  label: `${c.Descripcion} · ${c.Sucursal}${c.IdSesionAbierta ? ` (abierta por ${c.UsuarioSesion})` : ''}`,
                  disabled: !!c.IdSesionAbierta,
                }))}
              />
            </Form.Item>
            <Form.Item name="MontoApertura" label="Fondo inicial (S/)" rules={[{ required: true, message: 'Ingrese el fondo inicial' }]}>
              <InputNumber<string> aria-label="Fondo inicial" min="0" step="0.10" precision={2} stringMode style={{ width: '100%' }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={abrir.isPending}>
              Aperturar caja
            </Button>
          </Form>
        )}
      </Card>
    </Pantalla>
  );
}

function Vender({ mia, onCerrada }: { mia: TMiCaja; onCerrada: (c: TCuadreCaja) => void }) {
  const sesion = mia.Sesion!;
  const { message, modal } = App.useApp();
  const buscador = useRef<React.ComponentRef<typeof Input>>(null);
  const [texto, setTexto] = useState('');
  const [resultados, setResultados] = useState<TItem[] | null>(null);
  // Seed §9 search modes ('' = description, code and barcodes at once) and the category chip (branch marcas).
  const [modo, setModo] = useState('');
  const [idCategoria, setIdCategoria] = useState<number | undefined>(undefined);
  const categorias = useMarcas('categorias');
  const favoritos = useFavoritosVenta(sesion.IdSucursal);
  const [buscando, setBuscando] = useState(false);
  const [lineas, setLineas] = useState<TLinea[]>([]);
  const [tipo, setTipo] = useState<number>(1004);
  const [idSerie, setIdSerie] = useState<number | undefined>();
  const [cliente, setCliente] = useState<TEntidadDocumento | null>(null);
  const [docCliente, setDocCliente] = useState('');
  const [cobrando, setCobrando] = useState(false);
  // Discounts (branch pospin): the sale's global one, the line or sale whose discount is being edited (null key = global),
  // and the supervisor's authorization when the cashier may not discount alone.
  const [descuentoGlobal, setDescuentoGlobal] = useState<TDescuento | null>(null);
  const [editandoDescuento, setEditandoDescuento] = useState<{ clave: string | null } | null>(null);
  const [autorizacion, setAutorizacion] = useState<{ token: string; monto: string; supervisor: string } | null>(null);
  const [pidiendoAutorizacion, setPidiendoAutorizacion] = useState(false);
  const miAutorizacion = useMiAutorizacion();
  const puedeDescontar = !!miAutorizacion.data?.Descuento;
  const [vendida, setVendida] = useState<TVentaCaja | null>(null);
  const [cerrando, setCerrando] = useState(false);
  const [moviendo, setMoviendo] = useState(false);
  const series = useSeriesVenta(tipo, sesion.IdSucursal);
  const qc = useQueryClient();
  // Offline selling (branch posoffline): this browser is a device of the box with a nota de venta series of its own.
  const off = useVentasSinConexion(sesion.IdCaja, sesion.IdSucursal, (v) => {
    message.success(`Venta ${v.Documento.SerieNumero} sincronizada`);
    void qc.invalidateQueries({ queryKey: ['cajas'] });
  });
  const [pendiente, setPendiente] = useState<TVentaLocal | null>(null);
  const sinConexion = !off.enLinea;
  // A refused queued sale being discarded (posfix), and the 48-hour warning of the oldest queued boleta (re-read each minute).
  const [descartando, setDescartando] = useState<TVentaLocal | null>(null);
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const reloj = window.setInterval(() => setAhora(Date.now()), 60_000);
    return () => window.clearInterval(reloj);
  }, []);
  const ventana = avisoVentanaBoletas(off.pendientes, ahora);
  // Offline the sale is a nota de venta (what it switches to: no buyer identification, no SUNAT window) or, if the
  // cashier picks it, a boleta (posboleta), on the device's series of that type.
  const boletaSinConexion = off.dispositivo?.IdSerieBoleta != null;
  useEffect(() => {
    if (sinConexion) setTipo(1008);
  }, [sinConexion]);
  const serieSinConexion = tipo === 1004 && off.dispositivo?.IdSerieBoleta != null ? { value: off.dispositivo.IdSerieBoleta, label: off.dispositivo.SerieBoleta ?? '' } : off.dispositivo ? { value: off.dispositivo.IdSerie, label: off.dispositivo.Serie } : null;
  // Offline a customer not kept on this device is typed (document and name): there is no RENIEC/SUNAT lookup.
  const [nombreManual, setNombreManual] = useState<string | null>(null);
  const boletas = useSeriesVenta(1004, sesion.IdSucursal);
  const facturas = useSeriesVenta(1003, sesion.IdSucursal);
  // Price list of the sale (none = the item's own price); its price for the item's base unit applies when adding.
  const listas = useListasPrecios();
  const [idLista, setIdLista] = useState<number | undefined>();

  useEffect(() => {
    const s = (series.data?.Data ?? []).filter((x) => x.Id !== off.dispositivo?.IdSerie && x.Id !== off.dispositivo?.IdSerieBoleta);
    setIdSerie((actual) => (s.some((x) => x.Id === actual) ? actual : s[0]?.Id));
  }, [series.data, off.dispositivo?.IdSerie, off.dispositivo?.IdSerieBoleta]);
  // A company without RUC has neither boletas nor facturas: the sale note is its document.
  useEffect(() => {
    if (boletas.data && !boletas.data.Data.length && tipo === 1004) setTipo(1008);
  }, [boletas.data, tipo]);

  const codigoTipo = TIPOS.find((t) => t.id === tipo)!.codigo;
  const { totales, descuentos } = useMemo(() => {
    if (!lineas.length) return { totales: null, descuentos: [] as Decimal[] };
    const calcular = (desc: Decimal[]) =>
      calcularTotales({
        tipo: codigoTipo,
        fechaEmision: new Date().toISOString().slice(0, 10),
        moneda: 'PEN',
        items: lineas.map((l, i) => ({
          descripcion: l.item.Descripcion,
          cantidad: l.cantidad,
          afectacion: l.item.AfectacionIgv,
          precioUnitario: precioDe(l),
          ...(desc[i]?.gt(0) ? { descuentos: [{ codigo: '00', monto: desc[i].toFixed(2) }] } : {}),
        })),
        formaPago: { tipo: 'Contado' },
      });
    try {
      const sin = calcular([]);
      const desc = descuentosDeLineas(lineas, descuentoGlobal, sin.lineas.map((x) => x.cantidad.times(x.valorUnitario)));
      return { totales: desc.some((d) => d.gt(0)) ? calcular(desc) : sin, descuentos: desc };
    } catch {
      return { totales: null, descuentos: [] as Decimal[] };
    }
  }, [lineas, codigoTipo, descuentoGlobal]);
  const total = totales?.importeTotal ?? new Decimal(0);
  // The discount as the server measures it: the lines at their prices (with IGV) less the total.
  const bruto = lineas.reduce((t, l) => t.plus(new Decimal(precioDe(l)).times(l.cantidad || 0)), new Decimal(0)).toDecimalPlaces(2);
  const descuentoTotal = descuentos.some((d) => d.gt(0)) && totales ? Decimal.max(bruto.minus(total), 0) : new Decimal(0);
  // Lots and serials of the cart's tracked items, from the box's branch (the warehouse the sale moves).
  const controlados = [...new Set(lineas.filter((l) => l.item.ControlLote || l.item.ControlSerie).map((l) => l.item.Id))];
  const stocks = useStocksVenta(controlados, sesion.IdSucursal);
  const stockDe = (idItem: number) => stocks[controlados.indexOf(idItem)]?.data;
  const avisos = new Map(
    lineas.map((l) => [
      l.clave,
      sinConexion && (l.item.ControlLote || l.item.ControlSerie) ? { bloquea: true, texto: 'Los productos con lote o serie no se venden sin conexión' } : avisoDe(l, stockDe(l.item.Id)),
    ]),
  );
  const primerBloqueo = lineas.find((l) => avisos.get(l.clave)?.bloquea);
  const bloqueo = primerBloqueo ? `${primerBloqueo.item.Descripcion}: ${avisos.get(primerBloqueo.clave)!.texto}` : null;
  const cambiarLinea = (clave: string, cambio: Partial<TLinea>) => setLineas((ls) => ls.map((x) => (x.clave === clave ? { ...x, ...cambio } : x)));

  // Live stock: a sale at another till, a purchase or a document moved stock of items this till shows (the server
  // pushes their ids after its commit): the cart's and the results' availability is read again.
  useEventoTiempoReal(EVENTO_STOCK, (datos) => {
    const ids = new Set(Array.isArray((datos as { Items?: unknown })?.Items) ? ((datos as { Items: unknown[] }).Items as number[]) : []);
    if (lineas.some((l) => ids.has(l.item.Id))) void refrescarExistencias();
    if (resultados?.some((r) => ids.has(r.Id)) && texto.trim().length >= 3) void buscar(texto);
  });

  /** After the server refused a sale (another till sold first): the cart's available stock is read again. */
  async function refrescarExistencias() {
    const porCodigo = [...new Set(lineas.map((l) => l.item.Codigo).filter((c) => c.trim().length >= 3))];
    try {
      const frescos = (await Promise.all(porCodigo.map((c) => buscarItems(c, sesion.IdSucursal)))).flatMap((r) => r.Data);
      setLineas((ls) => ls.map((l) => ({ ...l, item: { ...l.item, Existencia: frescos.find((f) => f.Id === l.item.Id)?.Existencia ?? l.item.Existencia } })));
    } catch {
      // The warning can wait for the next search; the server's message is on screen.
    }
    for (const q of stocks) void q.refetch();
  }

  async function buscar(valor: string, opciones: { modo?: string; idcategoria?: number } = { modo, idcategoria: idCategoria }) {
    const t = valor.trim();
    // With a category chip an empty box lists that category's items.
    if (t.length < 3 && !(t.length === 0 && opciones.idcategoria)) {
      setResultados(null);
      return;
    }
    setBuscando(true);
    const desdeCache = async () => {
      const r = await buscarEnCache(sesion.IdSucursal, t);
      setResultados(r);
      return r;
    };
    if (sinConexion) {
      try {
        return await desdeCache();
      } finally {
        setBuscando(false);
      }
    }
    try {
      let r = await buscarItems(t, sesion.IdSucursal, undefined, opciones);
      // A scanned barcode still finds its item whatever mode is picked.
      if (!r.Data.length && opciones.modo && opciones.modo !== '3' && /^[0-9A-Za-z-]{8,30}$/.test(t)) r = await buscarItems(t, sesion.IdSucursal, undefined, { ...opciones, modo: '3' });
      setResultados(r.Data);
      void guardarItems(sesion.IdSucursal, r.Data).catch(() => undefined);
      return r.Data;
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) {
        off.marcarSinConexion();
        return await desdeCache();
      }
      message.error(mensajeDeError(e));
    } finally {
      setBuscando(false);
    }
  }

  /**
   * The price with IGV of one unit code of an item: the customer's worker-group price (the lowest in soles, HR group
   * price lists), else the chosen price list's row for that unit, else the presentation's standard price, else the base
   * price x the presentation's factor. `releer` asks the server even without a list or customer (re-pricing a line
   * whose base price was replaced reads the item's own price back).
   */
  async function precioEn(item: TItem, codigoUnidad: string, releer = false): Promise<{ precio: string; grupo?: string }> {
    const presentacion = item.Presentaciones?.find((p) => p.CodigoUnidad === codigoUnidad);
    let base = item.PrecioUnitario;
    if ((idLista || cliente || releer) && !sinConexion) {
      try {
        const r = await preciosDeItem(item.Id, cliente);
        base = r.PrecioBase;
        const grupo = (r.PreciosGrupo ?? []).filter((p) => p.CodigoUnidad === codigoUnidad && p.IdMoneda === 1).sort((a, b) => aDecimal(a.Precio).cmp(aDecimal(b.Precio)))[0];
        if (grupo) return { precio: grupo.Precio, grupo: grupo.Grupo };
        const precio = idLista ? r.Data.find((p) => p.IdListaPrecio === idLista && p.CodigoUnidad === codigoUnidad) : undefined;
        if (precio) return { precio: precio.Precio };
      } catch (e) {
        message.error(mensajeDeError(e));
      }
    }
    if (!presentacion) return { precio: base };
    return { precio: presentacion.Precio ?? aDecimal(base).times(presentacion.Factor).toDecimalPlaces(2).toFixed(2) };
  }

  // A customer found (or removed) after the lines were added: every line takes the price that customer gets.
  const clienteDePrecios = cliente ? `${cliente.IdTipoDocumento}-${cliente.NumeroDocumento}` : '';
  const primeraVez = useRef(true);
  useEffect(() => {
    if (primeraVez.current) return void (primeraVez.current = false);
    const actuales = lineas;
    if (!actuales.length) return;
    void Promise.all(actuales.map(async (l) => [l.clave, await precioEn(l.item, unidadDe(l), true)] as const)).then((nuevos) => {
      const por = new Map(nuevos);
      setLineas((ls) => ls.map((l) => (por.has(l.clave) ? { ...l, precio: por.get(l.clave)!.precio, grupo: por.get(l.clave)!.grupo } : l)));
    });
  }, [clienteDePrecios]); // only when the customer changes

  async function cambiarUnidad(l: TLinea, codigoUnidad: string) {
    const base = codigoUnidad === l.item.CodigoUnidad;
    const { precio, grupo } = await precioEn(l.item, codigoUnidad);
    cambiarLinea(l.clave, base ? { unidad: undefined, precio: precio === l.item.PrecioUnitario ? undefined : precio, grupo } : { unidad: codigoUnidad, precio, grupo });
  }

  /** Adds one unit of the item, in the presentation whose barcode was scanned when there is one. */
  async function agregar(original: TItem) {
    const codigoUnidad = original.PresentacionLeida ?? original.CodigoUnidad;
    const { precio, grupo } = await precioEn(original, codigoUnidad);
    const unidad = codigoUnidad === original.CodigoUnidad ? undefined : codigoUnidad;
    const item = unidad ? original : { ...original, PrecioUnitario: precio };
    setLineas((ls) => {
      const i = ls.findIndex((l) => l.item.Id === item.Id && l.unidad === unidad);
      // Scanned again: one more, with the stock the new search read.
      if (i >= 0) return ls.map((l, j) => (j === i ? { ...l, item: { ...l.item, Existencia: item.Existencia ?? l.item.Existencia }, cantidad: aDecimal(l.cantidad).plus(1).toString() } : l));
      return [...ls, { clave: `${item.Id}-${unidad ?? ''}-${Date.now()}`, item, cantidad: '1', ...(unidad ? { unidad, precio } : {}), ...(grupo ? { grupo } : {}) }];
    });
    setTexto('');
    setResultados(null);
    // A barcode scanner types and presses Enter: the focus stays in the search box for the next one.
    buscador.current?.focus();
  }

  function cancelarVenta() {
    setLineas([]);
    setDescuentoGlobal(null);
    setAutorizacion(null);
    setCliente(null);
    setDocCliente('');
    setNombreManual(null);
    setTexto('');
    setResultados(null);
    buscador.current?.focus();
  }

  function cobrar() {
    if (!lineas.length) return void message.warning('Agregue al menos un producto');
    if (bloqueo) return void message.warning(`No se puede cobrar: ${bloqueo}`);
    if (sinConexion && !off.dispositivo) return void message.warning('Este equipo no tiene serie para vender sin conexión: conéctese una vez con la caja abierta para registrarlo');
    if (!sinConexion && !idSerie) return void message.warning('No hay una serie activa para este comprobante en su sucursal');
    if (tipo === 1003 && cliente?.IdTipoDocumento !== 2) return void message.warning('La factura requiere un cliente con RUC');
    // The engine's rule (SUNAT): a boleta from S/ 700.00 identifies the buyer; offline it is said before charging.
    if (sinConexion && tipo === 1004 && !cliente && total.gte(700))
      return void message.warning('Para boletas desde S/ 700.00 ingrese el DNI y el nombre del cliente (norma de SUNAT)');
    // A discount the cashier may not give alone: a supervisor's PIN first, for the sale's whole discount.
    if (descuentoTotal.gt(0) && !puedeDescontar) {
      if (sinConexion) return void message.warning('Sin conexión no se puede autorizar el descuento: quítelo o espere la conexión');
      if (!autorizacion || descuentoTotal.gt(autorizacion.monto)) return void setPidiendoAutorizacion(true);
    }
    setCobrando(true);
  }

  // Keyboard: F2 search, F9 charge, Esc cancel (the open dialog first).
  const descontarVenta = () => lineas.length && setEditandoDescuento({ clave: null });
  const atajos = useRef({ cobrar, cancelarVenta, descontarVenta, abierto: false });
  atajos.current = { cobrar, cancelarVenta, descontarVenta, abierto: cobrando || cerrando || moviendo || !!vendida || pidiendoAutorizacion || !!editandoDescuento };
  useEffect(() => {
    const alPulsar = (ev: KeyboardEvent) => {
      if (ev.key === 'F2') {
        ev.preventDefault();
        buscador.current?.focus();
      } else if (ev.key === 'F7') {
        // F7: the sale's global discount (a supervisor's PIN is asked at F9 when the cashier may not discount).
        ev.preventDefault();
        if (!atajos.current.abierto) atajos.current.descontarVenta();
      } else if (ev.key === 'F9') {
        ev.preventDefault();
        if (!atajos.current.abierto) atajos.current.cobrar();
      } else if (ev.key === 'Escape' && !atajos.current.abierto && !(ev.target instanceof Element && ev.target.closest('.ant-select'))) {
        // Esc inside a line's lot or serial picker closes its list, not the sale.
        atajos.current.cancelarVenta();
      }
    };
    window.addEventListener('keydown', alPulsar);
    return () => window.removeEventListener('keydown', alPulsar);
  }, []);
  useEffect(() => buscador.current?.focus(), []);

  async function buscarCliente() {
    const n = docCliente.trim();
    if (!/^(\d{8}|\d{11})$/.test(n)) return void message.warning('Ingrese un DNI de 8 dígitos o un RUC de 11');
    const idTipoDocumento = n.length === 8 ? 1 : 2;
    if (sinConexion) {
      const c = await clienteEnCache(n).catch(() => undefined);
      if (!c) {
        message.info('Sin conexión: el cliente no está guardado en este equipo; escriba su nombre');
        return void setNombreManual('');
      }
      return void setCliente(c);
    }
    try {
      const r = await consultarCliente({ idTipoDocumento, numeroDocumento: n, consultasunat: true });
      const e = r.Collection[0];
      if (!e) return void message.warning(r.Mensaje ?? 'No hay Entidad');
      const c: TEntidadDocumento = { TipoEntidad: 2, IdTipoDocumento: idTipoDocumento, NumeroDocumento: n, RazonSocial: e.RazonSocial, Direccion: e.Direccion ?? undefined, ...(e.Id ? { IdEntidad: e.Id } : {}) };
      setCliente(c);
      void guardarCliente(c).catch(() => undefined);
    } catch (err) {
      message.error(mensajeDeError(err));
    }
  }

  return (
    <Pantalla
      barra={
        <>
          <Tag color="green" data-testid="pv-sesion">
            {sesion.Caja} · {sesion.Usuario}
          </Tag>
          {sinConexion && (
            <Tag color="red" data-testid="pv-sin-conexion">
              Sin conexión
            </Tag>
          )}
          <Tag
            color={off.pendientes.length ? 'orange' : 'default'}
            data-testid="pv-pendientes"
            title={off.pendientes.find((p) => p.Error)?.Error}
            style={{ cursor: off.pendientes.length && !sinConexion ? 'pointer' : undefined }}
            onClick={() => off.pendientes.length && !sinConexion && void off.sincronizar()}
          >
            {off.pendientes.length} pendientes de sincronizar
          </Tag>
          <Button size="small" icon={<SwapOutlined />} onClick={() => setMoviendo(true)} disabled={sinConexion}>
            Ingreso / egreso
          </Button>
          <Button size="small" danger onClick={() => setCerrando(true)}>
            Cerrar caja
          </Button>
          <Link to="/admin" style={{ color: '#fff' }}>
            <LogoutOutlined /> Salir
          </Link>
        </>
      }
    >
      {sinConexion && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="pv-aviso-sin-conexion"
          title={`Sin conexión: las ventas se registran como notas de venta de la serie ${off.dispositivo?.Serie ?? 'del equipo'}${off.dispositivo?.SerieBoleta ? ` o boletas de la serie ${off.dispositivo.SerieBoleta}` : ''} y se sincronizarán al volver la conexión`}
        />
      )}
      {ventana && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12, background: '#fff7e6', borderColor: '#ffc53d' }}
          data-testid="pv-aviso-ventana-boletas"
          title={`La boleta ${ventana.venta.Serie}-${ventana.venta.Numero} lleva más de 48 horas sin enviarse: quedan ${ventana.horasRestantes} ${ventana.horasRestantes === 1 ? 'hora' : 'horas'} para que SUNAT la acepte. Conéctese para sincronizarla.`}
        />
      )}
      {off.pendientes.some((p) => p.Error) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="pv-error-sincronizar"
          title={`No se pudo sincronizar la venta ${off.pendientes.find((p) => p.Error)!.Serie}-${off.pendientes.find((p) => p.Error)!.Numero}: ${off.pendientes.find((p) => p.Error)!.Error}`}
          action={
            !sinConexion && (
              <Button size="small" danger data-testid="pv-descartar" onClick={() => setDescartando(off.pendientes.find((p) => p.Error)!)}>
                Descartar
              </Button>
            )
          }
        />
      )}
      {descartando && <DescartarVentaModal venta={descartando} descartar={off.descartar} cerrar={() => setDescartando(null)} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' }}>
        <Card
          size="small"
          title="Productos (F2)"
          style={{ flex: '1 1 340px', minWidth: 0 }}
          extra={
            <Select
              size="small"
              aria-label="Buscar por"
              data-testid="pv-modo"
              value={modo}
              style={{ width: 210 }}
              popupMatchSelectWidth={false}
              onChange={(v: string) => {
                setModo(v);
                void buscar(texto, { modo: v, idcategoria: idCategoria });
                buscador.current?.focus();
              }}
              options={[{ value: '', label: 'Buscar por: todo' }, ...Object.entries(ModosBusquedaItem).map(([value, label]) => ({ value, label: `${value} · ${label}` }))]}
            />
          }
        >
          {!!categorias.data?.Data.length && (
            <div data-testid="pv-categorias" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 8 }}>
              {categorias.data.Data.map((c) => (
                <Tag.CheckableTag
                  key={c.Id}
                  checked={idCategoria === c.Id}
                  onChange={(marcada) => {
                    const id = marcada ? c.Id : undefined;
                    setIdCategoria(id);
                    void buscar(texto, { modo, idcategoria: id });
                    buscador.current?.focus();
                  }}
                >
                  {c.Nombre}
                </Tag.CheckableTag>
              ))}
            </div>
          )}
          <Input.Search
            ref={buscador}
            aria-label="Buscar producto"
            placeholder="Descripción, código o código de barras (mín. 3 letras)"
            value={texto}
            // Not antd's `loading`: it swallows Enter while a search runs, and a scanner presses Enter right away.
            suffix={buscando ? <LoadingOutlined /> : <span />}
            enterButton={<SearchOutlined />}
            onChange={(e) => {
              setTexto(e.target.value);
              void buscar(e.target.value);
            }}
            onSearch={async (v) => {
              // Enter adds the first match: the server puts an exact code or GTIN (what a scanner types) first.
              const r = (await buscar(v)) ?? resultados;
              if (r?.length) void agregar(r[0]);
            }}
          />
          {texto.trim().length > 0 && texto.trim().length < 3 && <Typography.Text type="secondary">Escriba al menos tres letras para buscar</Typography.Text>}
          {resultados && !resultados.length && (
            <Empty description={<>NO SE ENCONTRÓ NINGUN PRODUCTO O SERVICIO<br />REVISE SUS CRITERIOS DE BUSQUEDA Y VUELVA A INTENTARLO</>} />
          )}
          {!!resultados?.length && (
            <List<TItem>
              size="small"
              dataSource={resultados}
              renderItem={(i) => (
                <List.Item data-testid="pv-resultado" style={{ cursor: 'pointer' }} onClick={() => void agregar(i)} actions={[<strong key="p">{soles(i.PrecioUnitario)}</strong>]}>
                  <List.Item.Meta
                    avatar={<ImagenItem idItem={i.Id} idImagen={i.IdImagenPrincipal} tamano={44} alt={i.Descripcion} />}
                    title={i.Descripcion}
                    description={
                      <>
                        {i.Codigo}
                        {i.Marca && <span style={{ marginLeft: 8 }}>· {i.Marca}</span>}
                        {i.PresentacionLeida && (
                          <Tag color="blue" style={{ marginLeft: 8 }}>
                            {(() => {
                              const p = i.Presentaciones?.find((x) => x.CodigoUnidad === i.PresentacionLeida);
                              return p ? `${p.Descripcion} x ${p.Factor}` : i.PresentacionLeida;
                            })()}
                          </Tag>
                        )}
                        {i.Existencia && <Disponible e={i.Existencia} unidad={i.CodigoUnidad} />}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          )}
          {resultados === null && texto.trim() === '' && !!favoritos.data?.Data.length && (
            <div data-testid="pv-favoritos" style={{ marginTop: 12 }}>
              <Typography.Text type="secondary">Favoritos</Typography.Text>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))', gap: 8, marginTop: 6 }}>
                {favoritos.data.Data.map((i) => (
                  <button
                    type="button"
                    key={i.Id}
                    data-testid="pv-favorito"
                    title={i.Descripcion}
                    onClick={() => void agregar(i)}
                    style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, padding: 6, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff', cursor: 'pointer', textAlign: 'center', minWidth: 0 }}
                  >
                    <ImagenItem idItem={i.Id} idImagen={i.IdImagenPrincipal} tamano={72} alt={i.Descripcion} />
                    <span style={{ fontSize: 12, lineHeight: 1.2, maxHeight: '2.4em', overflow: 'hidden', width: '100%', wordBreak: 'break-word' }}>{i.Descripcion}</span>
                    <strong style={{ fontSize: 12 }}>{soles(i.PrecioUnitario)}</strong>
                  </button>
                ))}
              </div>
            </div>
          )}
        </Card>

        <Card size="small" title="Venta" style={{ flex: '1 1 340px', minWidth: 0 }}>
          {!lineas.length ? (
            <Empty description="Agregue productos con el buscador" />
          ) : (
            <List<TLinea>
              size="small"
              dataSource={lineas}
              renderItem={(l) => (
                <List.Item
                  data-testid="pv-linea"
                  actions={[
                    <Button
                      key="d"
                      type={l.descuento ? 'link' : 'text'}
                      aria-label={`Descuento de ${l.item.Descripcion}`}
                      data-testid="pv-descuento-linea"
                      icon={<PercentageOutlined />}
                      onClick={() => setEditandoDescuento({ clave: l.clave })}
                    />,
                    <Button key="q" type="text" danger aria-label={`Quitar ${l.item.Descripcion}`} icon={<DeleteOutlined />} onClick={() => setLineas((ls) => ls.filter((x) => x.clave !== l.clave))} />,
                  ]}
                >
                  <div style={{ width: '100%' }}>
                    <div style={{ display: 'flex', gap: 8, alignItems: 'center', width: '100%', flexWrap: 'wrap' }}>
                      <span style={{ flex: '1 1 140px' }}>{l.item.Descripcion}</span>
                      {!!l.item.Presentaciones?.length && (
                        <Select
                          size="small"
                          aria-label={`Unidad de ${l.item.Descripcion}`}
                          data-testid="pv-unidad"
                          value={unidadDe(l)}
                          style={{ width: 150 }}
                          popupMatchSelectWidth={false}
                          onChange={(v: string) => void cambiarUnidad(l, v)}
                          options={[
                            { value: l.item.CodigoUnidad, label: `Unidad (${l.item.CodigoUnidad})` },
                            ...l.item.Presentaciones.map((p) => ({ value: p.CodigoUnidad, label: `${p.Descripcion} x ${p.Factor}` })),
                          ]}
                        />
                      )}
                      <InputNumber<string>
                        aria-label={`Cantidad de ${l.item.Descripcion}`}
                        size="small"
                        min="0.001"
                        stringMode
                        value={l.cantidad}
                        style={{ width: 80 }}
                        onChange={(v) => v && cambiarLinea(l.clave, { cantidad: v })}
                      />
                      <strong style={{ minWidth: 90, textAlign: 'right' }}>{soles(aDecimal(precioDe(l)).times(aDecimal(l.cantidad)))}</strong>
                    </div>
                    {l.descuento && (
                      <Tag color="orange" data-testid="pv-tag-descuento" style={{ marginTop: 2 }}>
                        Descuento {l.descuento.tipo === '%' ? `${l.descuento.valor}%` : soles(l.descuento.valor)}
                      </Tag>
                    )}
                    {l.grupo && (
                      <Tag color="purple" data-testid="pv-precio-grupo" style={{ marginTop: 2 }}>
                        Precio del grupo {l.grupo}: {soles(aDecimal(precioDe(l)))}
                      </Tag>
                    )}
                    {(l.item.ControlLote || l.item.ControlSerie) && (
                      <LoteSeriePos linea={l} stock={stockDe(l.item.Id)} cargando={stocks[controlados.indexOf(l.item.Id)]?.isLoading ?? false} onCambio={(c) => cambiarLinea(l.clave, c)} />
                    )}
                    {avisos.get(l.clave) && (
                      <Typography.Text type={avisos.get(l.clave)!.bloquea ? 'danger' : 'warning'} data-testid="pv-aviso-linea" style={{ display: 'block', fontSize: 12 }}>
                        {avisos.get(l.clave)!.texto}
                      </Typography.Text>
                    )}
                  </div>
                </List.Item>
              )}
            />
          )}
          <div style={{ marginTop: 12 }}>
            <Radio.Group value={tipo} onChange={(e) => setTipo(e.target.value as number)} optionType="button" buttonStyle="solid" size="small">
              {TIPOS.map((t) => (
                <Radio.Button key={t.id} value={t.id} disabled={sinConexion ? !(t.id === 1008 || (t.id === 1004 && boletaSinConexion)) : t.id === 1004 ? !boletas.data?.Data.length : t.id === 1003 ? !facturas.data?.Data.length : false}>
                  {t.nombre}
                </Radio.Button>
              ))}
            </Radio.Group>
            <Select
              aria-label="Serie"
              size="small"
              style={{ width: 100, marginLeft: 8 }}
              value={sinConexion ? serieSinConexion?.value : idSerie}
              onChange={setIdSerie}
              disabled={sinConexion}
              options={
                sinConexion
                  ? serieSinConexion ? [serieSinConexion] : []
                  : (series.data?.Data ?? []).filter((s) => s.Id !== off.dispositivo?.IdSerie && s.Id !== off.dispositivo?.IdSerieBoleta).map((s) => ({ value: s.Id, label: s.Serie }))
              }
              notFoundContent="Sin series"
            />
            <Select
              aria-label="Lista de precios"
              size="small"
              allowClear
              placeholder="Precio del ítem"
              style={{ width: 150, marginLeft: 8 }}
              value={sinConexion ? undefined : idLista}
              disabled={sinConexion}
              onChange={setIdLista}
              options={(listas.data?.Data ?? []).filter((l) => l.Estado === 1).map((l) => ({ value: l.Id, label: l.Nombre }))}
            />
          </div>
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input aria-label="DNI o RUC del cliente" placeholder="DNI o RUC (vacío: CLIENTES VARIOS)" value={docCliente} onChange={(e) => setDocCliente(e.target.value)} onPressEnter={buscarCliente} inputMode="numeric" />
            <Button onClick={buscarCliente}>Buscar</Button>
          </Space.Compact>
          {sinConexion && nombreManual !== null && !cliente && (
            <Space.Compact style={{ width: '100%', marginTop: 8 }}>
              <Input aria-label="Nombre del cliente" placeholder="Nombre o razón social del cliente" value={nombreManual} onChange={(e) => setNombreManual(e.target.value)} maxLength={200} />
              <Button
                onClick={() => {
                  const n = docCliente.trim();
                  if (!/^(\d{8}|\d{11})$/.test(n)) return void message.warning('Ingrese un DNI de 8 dígitos o un RUC de 11');
                  if (nombreManual.trim().length < 3) return void message.warning('Escriba el nombre del cliente');
                  const c: TEntidadDocumento = { TipoEntidad: 2, IdTipoDocumento: n.length === 8 ? 1 : 2, NumeroDocumento: n, RazonSocial: nombreManual.trim().toUpperCase() };
                  setCliente(c);
                  setNombreManual(null);
                  void guardarCliente(c).catch(() => undefined);
                }}
              >
                Usar
              </Button>
            </Space.Compact>
          )}
          <div style={{ marginTop: 4 }} data-testid="pv-cliente">
            Cliente: <strong>{cliente ? `${cliente.RazonSocial} (${cliente.NumeroDocumento})` : 'CLIENTES VARIOS'}</strong>
            {cliente && (
              <Button type="link" size="small" onClick={() => (setCliente(null), setDocCliente(''))}>
                Quitar
              </Button>
            )}
          </div>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 12 }}>
            <Button size="small" icon={<PercentageOutlined />} disabled={!lineas.length} onClick={() => setEditandoDescuento({ clave: null })} data-testid="pv-descuento-global">
              {descuentoGlobal ? `Descuento global ${descuentoGlobal.tipo === '%' ? `${descuentoGlobal.valor}%` : soles(descuentoGlobal.valor)} (F7)` : 'Descuento global (F7)'}
            </Button>
            {descuentoTotal.gt(0) && (
              <span data-testid="pv-descuento-total">
                Descuento: <strong>{soles(descuentoTotal)}</strong>
                {autorizacion && !descuentoTotal.gt(autorizacion.monto) && (
                  <Tag color="green" style={{ marginLeft: 6 }} data-testid="pv-autorizado">
                    Autorizado por {autorizacion.supervisor}
                  </Tag>
                )}
              </span>
            )}
          </div>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 12, fontSize: 22 }}>
            <span>Total</span>
            <strong data-testid="pv-total">{soles(total)}</strong>
          </div>
          <Space style={{ width: '100%', marginTop: 8 }} direction="vertical">
            <Button type="primary" size="large" block onClick={cobrar} disabled={!lineas.length || !!bloqueo}>
              Cobrar (F9)
            </Button>
            {bloqueo && (
              <Typography.Text type="danger" data-testid="pv-bloqueo">
                No se puede cobrar: {bloqueo}
              </Typography.Text>
            )}
            <Button block onClick={cancelarVenta} disabled={!lineas.length}>
              Cancelar venta (Esc)
            </Button>
          </Space>
        </Card>
      </div>

      {editandoDescuento && (
        <DescuentoModal
          titulo={editandoDescuento.clave ? `Descuento de ${lineas.find((l) => l.clave === editandoDescuento.clave)?.item.Descripcion ?? ''}` : 'Descuento global de la venta'}
          actual={editandoDescuento.clave ? lineas.find((l) => l.clave === editandoDescuento.clave)?.descuento : descuentoGlobal}
          maximo={(() => {
            const l = lineas.find((x) => x.clave === editandoDescuento.clave);
            return (l ? new Decimal(precioDe(l)).times(l.cantidad || 0) : bruto).toFixed(2);
          })()}
          onCerrar={() => {
            setEditandoDescuento(null);
            buscador.current?.focus();
          }}
          onAplicar={(d) => {
            if (editandoDescuento.clave) cambiarLinea(editandoDescuento.clave, { descuento: d ?? undefined });
            else setDescuentoGlobal(d);
            setEditandoDescuento(null);
            buscador.current?.focus();
          }}
        />
      )}
      {pidiendoAutorizacion && (
        <AutorizacionSupervisorModal
          accion="DESCUENTO"
          monto={descuentoTotal.toFixed(2)}
          detalle={`Usted no tiene permiso para dar descuentos. Un supervisor autoriza el descuento de ${soles(descuentoTotal)} de esta venta con su PIN.`}
          onCancelar={() => setPidiendoAutorizacion(false)}
          onAutorizado={(a) => {
            setAutorizacion({ token: a.Token, monto: a.Monto ?? '0', supervisor: a.Supervisor });
            setPidiendoAutorizacion(false);
            message.success(`Descuento autorizado por ${a.Supervisor}`);
            // Once the PIN dialog is gone, so that the charge dialog's amount box gets the focus (Enter confirms).
            setTimeout(() => setCobrando(true), 0);
          }}
        />
      )}
      {cobrando && (
        <Cobro
          autorizacion={descuentoTotal.gt(0) && !puedeDescontar ? autorizacion?.token : undefined}
          onAutorizacionInvalida={() => setAutorizacion(null)}
          total={total}
          // The engine issues boletas al contado; a credit sale needs an identified customer (RUC for a factura).
          sinConexion={sinConexion ? off : null}
          credito={sinConexion ? 'Sin conexión solo se vende al contado' : tipo === 1004 ? 'La boleta se emite al contado' : !cliente ? 'Para vender al crédito busque el DNI o RUC del cliente' : null}
          onCerrar={() => setCobrando(false)}
          onRechazo={() => void refrescarExistencias()}
          cuerpoDocumento={(cuotas) => ({
            IdTipoDocumento: tipo as 1003 | 1004 | 1008,
            IdSerie: sinConexion ? serieSinConexion!.value : idSerie!,
            IdMoneda: 1,
            IdCondicionPago: cuotas ? 2 : 1,
            ...(cuotas ? { ListaCuotas: cuotas, FechaVencimiento: cuotas[cuotas.length - 1].FechaVencimiento } : {}),
            FechaEmision: hoyLima(),
            ListaItems: lineas.map((l, i) => ({
              IdItem: l.item.Id,
              CodigoItem: l.item.Codigo,
              ItemDescripcion: l.item.Descripcion,
              CodigoUnidad: unidadDe(l),
              Cantidad: l.cantidad,
              PrecioUnitario: precioDe(l),
              TipoAfectacion: l.item.AfectacionIgv,
              ...(descuentos[i]?.gt(0) ? { Descuento: descuentos[i].toFixed(2) } : {}),
              ...(l.item.ControlLote && l.lote ? { CodigoLote: l.lote } : {}),
              ...(l.item.ControlSerie && l.series?.length ? { Series: l.series } : {}),
            })),
            ListaEntidades: cliente ? [cliente] : [],
          })}
          onVendida={(v) => {
            setCobrando(false);
            setVendida(v);
            cancelarVenta();
            // The tiles carry the branch's available stock, which the sale just lowered.
            void favoritos.refetch();
          }}
          onSinRed={() => {
            off.marcarSinConexion();
            setCobrando(false);
            message.warning('Sin conexión: la venta se registrará como nota de venta de este equipo; cobre de nuevo');
          }}
          onPendiente={(v) => {
            setCobrando(false);
            setPendiente(v);
            cancelarVenta();
          }}
        />
      )}
      <Modal
        open={!!vendida}
        title="Venta registrada"
        onCancel={() => setVendida(null)}
        afterClose={() => buscador.current?.focus()}
        footer={[
          <Button key="t" icon={<PrinterOutlined />} onClick={() => vendida && abrirTicket(vendida.Documento.Id, mia.Cajas.find((c) => c.Id === sesion.IdCaja)?.AnchoTicket).catch((e) => message.error(mensajeDeError(e)))}>
            Imprimir ticket
          </Button>,
          <Button
            key="e"
            icon={<PrinterOutlined />}
            onClick={() =>
              vendida &&
              imprimirTicketTermico(
                vendida.Documento.Id,
                mia.Cajas.find((c) => c.Id === sesion.IdCaja)?.AnchoTicket === 58 ? 58 : 80,
                true,
                mia.Cajas.find((c) => c.Id === sesion.IdCaja)?.BaudiosImpresora,
              )
                .then(() => message.success('Ticket enviado a la impresora térmica'))
                // The printer's own errors come in Spanish from impresora-termica; the API's through mensajeDeError.
                .catch((e) => message.error(e instanceof Error && !(e instanceof ApiError) ? e.message : mensajeDeError(e)))
            }
          >
            Impresora térmica
          </Button>,
          <Button key="n" type="primary" onClick={() => setVendida(null)} autoFocus>
            Nueva venta
          </Button>,
        ]}
      >
        {vendida && (
          <div data-testid="pv-vendida" style={{ fontSize: 16 }}>
            <p>
              Comprobante <strong>{vendida.Documento.SerieNumero}</strong> por <strong>{soles(vendida.Total)}</strong>
            </p>
            <p style={{ fontSize: 22 }}>
              Vuelto: <strong>{soles(vendida.Vuelto)}</strong>
            </p>
            <CompartirVenta idDocumento={vendida.Documento.Id} ancho={mia.Cajas.find((c) => c.Id === sesion.IdCaja)?.AnchoTicket ?? 80} />
          </div>
        )}
      </Modal>
      <Modal
        open={!!pendiente}
        title="Venta registrada sin conexión"
        onCancel={() => setPendiente(null)}
        afterClose={() => buscador.current?.focus()}
        footer={[
          <Button key="i" icon={<PrinterOutlined />} onClick={() => window.print()}>
            Imprimir
          </Button>,
          <Button key="n" type="primary" onClick={() => setPendiente(null)} autoFocus>
            Nueva venta
          </Button>,
        ]}
      >
        {pendiente && (
          <div data-testid="pv-pendiente" style={{ fontSize: 16 }}>
            <p>
              {pendiente.Tipo === 1004 ? 'Boleta de venta electrónica' : 'Nota de venta'} <strong>{`${pendiente.Serie}-${pendiente.Numero}`}</strong> por <strong>{soles(pendiente.Total)}</strong>
            </p>
            <p style={{ fontSize: 22 }}>
              Vuelto: <strong>{soles(pendiente.Vuelto)}</strong>
            </p>
            {pendiente.Tipo === 1004 && pendiente.Cuerpo.Documento.ListaEntidades?.[0] && (
              <p>
                Cliente: {pendiente.Cuerpo.Documento.ListaEntidades[0].RazonSocial} ({pendiente.Cuerpo.Documento.ListaEntidades[0].NumeroDocumento})
              </p>
            )}
            <Tag color="orange">{pendiente.Tipo === 1004 ? 'Pendiente de envío a SUNAT: se firma y envía al sincronizar' : 'Pendiente de sincronizar'}</Tag>
            <ul style={{ marginTop: 8 }}>
              {pendiente.Cuerpo.Documento.ListaItems.map((l, i) => (
                <li key={i}>
                  {String(l.Cantidad)} x {l.ItemDescripcion} · {soles(aDecimal(String(l.PrecioUnitario)).times(aDecimal(String(l.Cantidad))))}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Modal>
      {moviendo && <MovimientoCaja onCerrar={() => setMoviendo(false)} />}
      {cerrando && (
        <CerrarCaja
          idSesion={sesion.Id}
          sinConexion={off}
          onCerrar={() => setCerrando(false)}
          onCerrada={onCerrada}
          hayVenta={lineas.length > 0}
          confirmar={(f) => modal.confirm({ title: 'Hay una venta sin cobrar', content: 'Se descartará al cerrar la caja.', okText: 'Cerrar igual', cancelText: 'Volver', onOk: f })}
        />
      )}
    </Pantalla>
  );
}

function Cobro({
  autorizacion,
  onAutorizacionInvalida,
  total,
  credito,
  cuerpoDocumento,
  onCerrar,
  onRechazo,
  onVendida,
  onSinRed,
  onPendiente,
  sinConexion,
}: {
  /** The supervisor's token for the sale's discount (branch pospin). */
  autorizacion?: string;
  /** The server refused the token (used, expired, below the discount): the next charge asks the PIN again. */
  onAutorizacionInvalida: () => void;
  total: Decimal;
  /** Offline: the sale is queued on this device (see offline/ventas-sin-conexion.ts). */
  sinConexion: TSinConexion | null;
  onPendiente: (v: TVentaLocal) => void;
  /** Why the sale cannot be on credit (null: it can). */
  credito: string | null;
  cuerpoDocumento: (cuotas: { Monto: string; FechaVencimiento: string }[] | null) => import('@yupana/contracts').TDocumentoContableCrear;
  onCerrar: () => void;
  /** The server refused the sale (e.g. stock another till sold first): the cart stays as it is, its stock is re-read. */
  onRechazo: () => void;
  onVendida: (v: TVentaCaja) => void;
  onSinRed: () => void;
}) {
  const vender = useVender();
  const { message } = App.useApp();
  // One key per checkout: a double click or a retry after a lost answer gives the same sale.
  const [clave] = useState(nuevaClave);
  const [pagos, setPagos] = useState<TPago[]>([{ IdMedioPago: 1, Monto: total.toFixed(2) }]);
  const [error, setError] = useState<string | null>(null);
  const [condicion, setCondicion] = useState<1 | 2>(1);
  const [formCuotas] = Form.useForm<TCuotasForm>();
  const cuotas = Form.useWatch('Cuotas', formCuotas);
  const enCuotas = (cuotas ?? []).reduce((s, q) => s.plus(aDecimal(q?.Monto)), new Decimal(0));
  const pagado = pagos.reduce((s, p) => s.plus(aDecimal(p.Monto)), new Decimal(0));
  const falta = condicion === 2 ? total.minus(enCuotas) : total.minus(pagado);
  async function confirmar() {
    if (vender.isPending) return;
    setError(null);
    let lista: { Monto: string; FechaVencimiento: string }[] | null = null;
    if (condicion === 2) {
      try {
        const v = await formCuotas.validateFields();
        lista = v.Cuotas.map((q) => ({ Monto: String(q.Monto), FechaVencimiento: q.FechaVencimiento!.format('YYYY-MM-DD') }));
      } catch {
        return;
      }
      if (!falta.eq(0)) return void setError(`Las cuotas deben sumar el total de ${soles(total)}`);
    }
    const cuerpo = { Documento: cuerpoDocumento(lista), Pagos: lista ? [] : pagos.filter((p) => aDecimal(p.Monto).gt(0)), ...(autorizacion ? { Autorizacion: autorizacion } : {}) };
    if (sinConexion) {
      try {
        const v = await sinConexion.venderSinConexion(
          cuerpo,
          total.toFixed(2),
          Decimal.max(pagado.minus(total), 0).toFixed(2),
          cuerpo.Documento.IdTipoDocumento === 1004 ? 1004 : 1008,
        );
        onPendiente(v);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
      return;
    }
    try {
      const v = await vender.mutateAsync({ cuerpo, clave });
      message.success(`Venta ${v.Documento.SerieNumero} registrada`);
      onVendida(v);
    } catch (e) {
      setError(e instanceof ApiError && Object.keys(e.errores).length ? Object.values(e.errores).join(' · ') : mensajeDeError(e));
      // The network dropped: the screen switches to offline selling (a nota de venta of this device); charge again.
      if (e instanceof ApiError && e.status === 0) return void onSinRed();
      if (e instanceof ApiError && [ErrorCodes.AUTORIZACION_INVALIDA, ErrorCodes.AUTORIZACION_EXCEDIDA, ErrorCodes.AUTORIZACION_REQUERIDA].includes(e.errorId as (typeof ErrorCodes)["AUTORIZACION_INVALIDA"])) onAutorizacionInvalida();
      // Stock refusals come as 409 (reserved by orders) or 400 (the ledger would go negative): re-read the cart's stock.
      if (e instanceof ApiError && (e.status === 409 || e.status === 400)) onRechazo();
    }
  }
  return (
    <Modal
      open
      title={`Cobrar ${soles(total)}`}
      onCancel={onCerrar}
      maskClosable={false}
      footer={[
        <Button key="c" onClick={onCerrar} disabled={vender.isPending}>
          Volver (Esc)
        </Button>,
        <Button key="ok" type="primary" onClick={confirmar} loading={vender.isPending} disabled={condicion === 1 && falta.gt(0)}>
          {condicion === 2 ? 'Confirmar venta al crédito' : 'Confirmar cobro'}
        </Button>,
      ]}
    >
      <Radio.Group
        aria-label="Condición de pago"
        style={{ marginBottom: 12 }}
        optionType="button"
        value={condicion}
        onChange={(e) => setCondicion(e.target.value as 1 | 2)}
        options={[
          { value: 1, label: 'Contado' },
          { value: 2, label: 'Crédito', disabled: !!credito },
        ]}
      />
      {credito && <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>{credito}</Typography.Text>}
      {condicion === 2 ? (
        <Form
          form={formCuotas}
          layout="vertical"
          data-testid="pv-cuotas"
          initialValues={{ FechaEmision: dayjs(hoyLima()), Cuotas: [{ Monto: total.toFixed(2), FechaVencimiento: dayjs(hoyLima()).add(30, 'day') }] }}
        >
          <Form.Item name="FechaEmision" hidden>
            <input />
          </Form.Item>
          <CuotasCampos />
          <div style={{ marginTop: 12, fontSize: 16 }} data-testid="pv-credito">
            {falta.eq(0) ? (
              <span>Sin cobro en caja: {soles(total)} a cuentas por cobrar</span>
            ) : (
              <Typography.Text type="danger">
                {falta.gt(0) ? 'Faltan' : 'Sobran'} {soles(falta.abs())} en las cuotas
              </Typography.Text>
            )}
          </div>
        </Form>
      ) : (
        <CobroContado pagos={pagos} setPagos={setPagos} falta={falta} confirmar={confirmar} />
      )}
      {error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} />}
    </Modal>
  );
}

function CobroContado({ pagos, setPagos, falta, confirmar }: { pagos: TPago[]; setPagos: React.Dispatch<React.SetStateAction<TPago[]>>; falta: Decimal; confirmar: () => void }) {
  // The amount box takes the focus once the dialog is shown (autoFocus alone loses it to the dialog's own focus
  // handling when another dialog, the supervisor's PIN, has just closed): Enter then confirms.
  const monto = useRef<{ focus: () => void } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => monto.current?.focus(), 120);
    return () => clearTimeout(t);
  }, []);
  return (
    <>
      {pagos.map((p, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 8 }}>
          <Select
            aria-label={`Medio de pago ${i + 1}`}
            style={{ width: 150 }}
            value={p.IdMedioPago}
            onChange={(v) => setPagos((ps) => ps.map((x, j) => (j === i ? { ...x, IdMedioPago: v } : x)))}
            options={Object.entries(MediosPagoCaja).map(([k, v]) => ({ value: Number(k), label: v }))}
          />
          <InputNumber<string>
            aria-label={`Monto ${i + 1}`}
            min="0"
            precision={2}
            stringMode
            value={p.Monto}
            style={{ flex: 1 }}
            autoFocus={i === pagos.length - 1}
            ref={i === pagos.length - 1 ? (monto as never) : undefined}
            onChange={(v) => setPagos((ps) => ps.map((x, j) => (j === i ? { ...x, Monto: v ?? '0' } : x)))}
            onPressEnter={confirmar}
          />
          {pagos.length > 1 && <Button aria-label="Quitar pago" icon={<DeleteOutlined />} onClick={() => setPagos((ps) => ps.filter((_, j) => j !== i))} />}
        </Space.Compact>
      ))}
      <Button size="small" onClick={() => setPagos((ps) => [...ps, { IdMedioPago: 2, Monto: falta.gt(0) ? falta.toFixed(2) : '0' }])} disabled={pagos.length >= 5}>
        Agregar otro medio de pago
      </Button>
      <div style={{ marginTop: 12, fontSize: 18 }} data-testid="pv-vuelto">
        {falta.gt(0) ? (
          <Typography.Text type="danger">Falta: {soles(falta)}</Typography.Text>
        ) : (
          <span>
            Vuelto: <strong>{soles(falta.negated())}</strong>
          </span>
        )}
      </div>
    </>
  );
}

function MovimientoCaja({ onCerrar }: { onCerrar: () => void }) {
  const [form] = Form.useForm<{ Tipo: number; Monto: string; Motivo: string }>();
  const mover = useMovimientoCaja();
  const { message } = App.useApp();
  async function enviar(v: { Tipo: number; Monto: string; Motivo: string }) {
    try {
      await mover.mutateAsync({ Tipo: v.Tipo, Monto: String(v.Monto), Motivo: v.Motivo });
      message.success(v.Tipo === 1 ? 'Ingreso registrado' : 'Egreso registrado');
      onCerrar();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errores).length) form.setFields(Object.entries(e.errores).map(([name, error]) => ({ name: name as 'Monto', errors: [error] })));
      else message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal open title="Ingreso o egreso de efectivo" okText="Registrar" cancelText="Cancelar" onOk={() => form.submit()} confirmLoading={mover.isPending} onCancel={onCerrar}>
      <Form form={form} layout="vertical" onFinish={enviar} initialValues={{ Tipo: 2 }}>
        <Form.Item name="Tipo" label="Tipo">
          <Radio.Group options={[{ value: 1, label: 'Ingreso' }, { value: 2, label: 'Egreso' }]} />
        </Form.Item>
        <Form.Item name="Monto" label="Monto (S/)" rules={[{ required: true, message: 'Ingrese el monto' }]}>
          <InputNumber<string> aria-label="Monto del movimiento" min="0.01" precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="Motivo" label="Motivo" rules={[{ required: true, min: 3, message: 'Indique el motivo (mínimo 3 caracteres)' }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Blind count: the cashier declares what is there per payment means; the expected figures come only with the result. */
function CerrarCaja({
  idSesion,
  onCerrar,
  onCerrada,
  hayVenta,
  confirmar,
  sinConexion,
}: {
  idSesion: number;
  sinConexion: TSinConexion;
  onCerrar: () => void;
  onCerrada: (c: TCuadreCaja) => void;
  hayVenta: boolean;
  confirmar: (f: () => void) => void;
}) {
  const cerrar = useCerrarCaja();
  const { message } = App.useApp();
  const [montos, setMontos] = useState<Record<number, string>>({});
  const [observacion, setObservacion] = useState('');
  async function enviar() {
    const n = sinConexion.pendientes.length;
    // The server refuses too (601630) when this device reported numbers it has not received; offline it cannot be asked.
    if (n) return void message.error(`Hay ${n} ${n === 1 ? 'venta' : 'ventas'} sin conexión pendientes de sincronizar: conéctese y espere a que se sincronicen antes de cerrar la caja`);
    try {
      const dispositivo = await sinConexion.reporteCierre().catch(() => undefined);
      const r = await cerrar.mutateAsync({
        IdSesion: idSesion,
        ...(dispositivo ? { Dispositivo: dispositivo } : {}),
        Declarado: Object.entries(montos)
          .filter(([, v]) => v !== '' && v !== undefined)
          .map(([k, v]) => ({ IdMedioPago: Number(k), Monto: v })),
        ...(observacion.trim() ? { Observacion: observacion.trim() } : {}),
      });
      onCerrada(r);
    } catch (e) {
      message.error(mensajeDeError(e));
    }
  }
  return (
    <Modal
      open
      title="Cerrar caja (arqueo)"
      okText="Cerrar caja"
      cancelText="Volver"
      okButtonProps={{ danger: true }}
      confirmLoading={cerrar.isPending}
      onCancel={onCerrar}
      onOk={() => (hayVenta ? confirmar(() => void enviar()) : void enviar())}
    >
      <p>Cuente lo que hay en la caja y declare el monto de cada medio de pago.</p>
      {Object.entries(MediosPagoCaja).map(([k, nombre]) => (
        <Form.Item key={k} label={nombre} style={{ marginBottom: 8 }}>
          <InputNumber<string> aria-label={`Declarado ${nombre}`} min="0" precision={2} stringMode style={{ width: '100%' }} value={montos[Number(k)]} onChange={(v) => setMontos((m) => ({ ...m, [k]: v ?? '' }))} />
        </Form.Item>
      ))}
      <Input.TextArea aria-label="Observación" placeholder="Observación (opcional)" maxLength={300} value={observacion} onChange={(e) => setObservacion(e.target.value)} />
    </Modal>
  );
}

function ResultadoCierre({ cuadre, onOtra }: { cuadre: TCuadreCaja; onOtra: () => void }) {
  const { message } = App.useApp();
  const s = cuadre.Sesion;
  return (
    <Pantalla barra={<Link to="/admin" style={{ color: '#fff' }}>Volver al sistema</Link>}>
      <Card title="Caja cerrada" style={{ maxWidth: 460, margin: '24px auto' }}>
        <div data-testid="pv-cierre" style={{ fontSize: 16 }}>
          <p>
            {s.Caja} · sesión N.° {s.Id} · Estado: <Tag color={s.Estado === 2 ? 'orange' : 'green'}>{s.EstadoNombre}</Tag>
          </p>
          <p>
            Esperado: {soles(s.TotalEsperado ?? '0')} · Declarado: {soles(s.TotalDeclarado ?? '0')}
          </p>
          <p>
            Diferencia: <strong>{soles(s.Diferencia ?? '0')}</strong>
          </p>
          {cuadre.Descartes.length > 0 && (
            <div data-testid="pv-cierre-descartes">
              <p style={{ marginBottom: 4 }}>Números sin conexión descartados (sin comprobante ni cobro registrado):</p>
              <ul style={{ fontSize: 14 }}>
                {cuadre.Descartes.map((d) => (
                  <li key={d.SerieNumero}>
                    {d.TipoDocumento} {d.SerieNumero}: {soles(d.Total)} (efectivo {soles(d.Efectivo)}) · {d.Motivo}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {cuadre.Autorizaciones.length > 0 && (
            <div data-testid="pv-cierre-autorizaciones">
              <p style={{ marginBottom: 4 }}>Autorizaciones de supervisor:</p>
              <ul style={{ fontSize: 14 }}>
                {cuadre.Autorizaciones.map((a) => (
                  <li key={`${a.Accion}-${a.Documento}-${a.Fecha}`}>
                    {a.Accion === 'DESCUENTO' ? 'Descuento' : 'Descarte'} de {soles(a.Monto)} en {a.Documento}: autorizó {a.Supervisor} ({a.Cajero})
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <Space wrap>
          <Button icon={<PrinterOutlined />} onClick={() => abrirReporteZ(s.Id).catch((e) => message.error(mensajeDeError(e)))}>
            Reporte Z
          </Button>
          <Button onClick={onOtra}>Abrir otra sesión</Button>
          <Link to="/admin">
            <Button type="primary">Volver al sistema</Button>
          </Link>
        </Space>
      </Card>
    </Pantalla>
  );
}

/** Available = stock - reserved by orders "Por facturar", in the box's warehouse; none left is marked in red. */
function Disponible({ e, unidad }: { e: NonNullable<TItem['Existencia']>; unidad: string }) {
  const agotado = aDecimal(e.Disponible).lte(0);
  const titulo = `${e.Almacen}: stock ${e.Stock}, reservado por pedidos ${e.Reservado}`;
  return (
    <Tag data-testid="pv-disponible" color={agotado ? 'red' : 'green'} title={titulo} style={{ marginInlineStart: 8 }}>
      {agotado ? 'Sin stock disponible' : `Disponible: ${e.Disponible} ${unidad}`}
      {!agotado && aDecimal(e.Reservado).gt(0) ? ` (reservado ${e.Reservado})` : ''}
    </Tag>
  );
}

/**
 * The cart line's lot or serial picker. Lot: empty = the server's FEFO (the lot it will take is named and marked);
 * expired lots are listed but disabled. Serials: one per base unit, from the box's branch warehouse.
 */
function LoteSeriePos({ linea, stock, cargando, onCambio }: { linea: TLinea; stock: TStockVenta | undefined; cargando: boolean; onCambio: (c: Partial<TLinea>) => void }) {
  const nombre = linea.item.Descripcion;
  if (linea.item.ControlLote) {
    const lotes = stock?.Lotes ?? [];
    const fefo = lotes.find((l) => !l.Vencido);
    return (
      <Select
        size="small"
        allowClear
        loading={cargando}
        aria-label={`Lote de ${nombre}`}
        data-testid="pv-lote"
        style={{ width: '100%', marginTop: 4 }}
        popupMatchSelectWidth={false}
        placeholder={fefo ? `Lote automático (FEFO): ${fefo.CodigoLote}` : 'Lote automático (FEFO)'}
        notFoundContent={`Sin lotes con stock${stock?.Almacen ? ` en ${stock.Almacen}` : ''}`}
        value={linea.lote}
        onChange={(v: string | undefined) => onCambio({ lote: v })}
        options={lotes.map((l) => ({
          value: l.CodigoLote,
          disabled: l.Vencido,
          label: `${l.CodigoLote} · disp. ${l.Disponible} · ${l.Vencido ? 'VENCIDO ' : 'vence '}${fechaCorta(l.FechaVencimiento)}${l === fefo ? ' (FEFO)' : ''}`,
        }))}
      />
    );
  }
  return (
    <Select
      size="small"
      mode="multiple"
      allowClear
      loading={cargando}
      aria-label={`Series de ${nombre}`}
      data-testid="pv-series"
      style={{ width: '100%', marginTop: 4 }}
      placeholder="Elija las series vendidas (una por unidad)"
      notFoundContent={`Sin series en stock${stock?.Almacen ? ` en ${stock.Almacen}` : ''}`}
      value={linea.series ?? []}
      onChange={(v: string[]) => onCambio({ series: v })}
      options={(stock?.Series ?? []).map((x) => ({ value: x.Numero, label: x.Numero }))}
    />
  );
}
