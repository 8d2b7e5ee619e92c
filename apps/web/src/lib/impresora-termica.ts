import { obtenerArchivo } from './archivos';

/**
 * Printing a ticket straight to a thermal (ESC/POS) printer, without the print dialog. The server writes the ticket as
 * ESC/POS commands (GET documentoContable/{id}/escpos); the browser sends them to the printer through Web Serial
 * (printers on a USB-serial or Bluetooth port, the usual case in Peruvian shops) or WebUSB (USB printer class), in
 * Chromium-based browsers. The user picks the printer the first time; the browser remembers the permission.
 */

// The parts of the Web Serial and WebUSB APIs used here (not in TypeScript's DOM library yet).
type TPuertoSerie = { open(o: { baudRate: number }): Promise<void>; close(): Promise<void>; writable: WritableStream<Uint8Array> | null };
type TSerie = { getPorts(): Promise<TPuertoSerie[]>; requestPort(): Promise<TPuertoSerie> };
type TExtremoUsb = { endpointNumber: number; direction: 'in' | 'out'; type: string };
type TInterfazUsb = { interfaceNumber: number; alternate: { endpoints: TExtremoUsb[] } };
type TDispositivoUsb = {
  open(): Promise<void>;
  close(): Promise<void>;
  configuration: { interfaces: TInterfazUsb[] } | null;
  selectConfiguration(n: number): Promise<void>;
  claimInterface(n: number): Promise<void>;
  releaseInterface(n: number): Promise<void>;
  transferOut(extremo: number, datos: Uint8Array): Promise<unknown>;
};
type TUsb = { getDevices(): Promise<TDispositivoUsb[]>; requestDevice(o: { filters: { classCode: number }[] }): Promise<TDispositivoUsb> };

const nav = () => navigator as unknown as { serial?: TSerie; usb?: TUsb };

/** Whether this browser can reach a printer directly (Chrome or Edge on a computer or tablet, over HTTPS). */
export const hayImpresionDirecta = () => !!nav().serial || !!nav().usb;

/** Speed of the serial port when the box does not say: 9600 baud is what ESC/POS printers ship with (USB-serial bridges ignore it). */
const BAUDIOS = 9600;

async function porSerie(serial: TSerie, datos: Uint8Array, baudios: number): Promise<void> {
  const [recordado] = await serial.getPorts();
  const puerto = recordado ?? (await serial.requestPort());
  await puerto.open({ baudRate: baudios });
  try {
    const w = puerto.writable!.getWriter();
    try {
      await w.write(datos);
    } finally {
      w.releaseLock();
    }
  } finally {
    await puerto.close();
  }
}

async function porUsb(usb: TUsb, datos: Uint8Array): Promise<void> {
  const [recordado] = await usb.getDevices();
  // Class 7: printers.
  const disp = recordado ?? (await usb.requestDevice({ filters: [{ classCode: 7 }] }));
  await disp.open();
  try {
    if (!disp.configuration) await disp.selectConfiguration(1);
    const interfaz = disp.configuration?.interfaces.find((i) => i.alternate.endpoints.some((e) => e.direction === 'out' && e.type === 'bulk'));
    if (!interfaz) throw new Error('La impresora USB no tiene una salida de datos');
    const salida = interfaz.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk')!;
    await disp.claimInterface(interfaz.interfaceNumber);
    try {
      await disp.transferOut(salida.endpointNumber, datos);
    } finally {
      await disp.releaseInterface(interfaz.interfaceNumber);
    }
  } finally {
    await disp.close();
  }
}

/** Sends bytes to the printer: Web Serial first, WebUSB otherwise. Errors in Spanish. */
export async function enviarAImpresora(datos: Uint8Array, baudios = BAUDIOS): Promise<void> {
  const { serial, usb } = nav();
  try {
    if (serial) return await porSerie(serial, datos, baudios);
    if (usb) return await porUsb(usb, datos);
  } catch (e) {
    const nombre = (e as { name?: string }).name;
    if (nombre === 'NotFoundError') throw new Error('No se eligió ninguna impresora');
    if (nombre === 'SecurityError') throw new Error('El navegador no permite usar la impresora desde esta página');
    if (nombre === 'NetworkError' || nombre === 'InvalidStateError') throw new Error('No se pudo conectar con la impresora: revise que esté encendida y que ningún otro programa la use');
    throw new Error(e instanceof Error && e.message ? `No se pudo imprimir: ${e.message}` : 'No se pudo imprimir en la impresora térmica');
  }
  throw new Error('Este navegador no puede imprimir directo en la impresora térmica: use "Imprimir ticket" (Chrome o Edge sí pueden)');
}

/** The document's ticket, printed on the thermal printer; `cajon` opens the cash drawer after the cut; `baudios`: the box's serial speed. */
export async function imprimirTicketTermico(idDocumento: number, ancho: 80 | 58 = 80, cajon = false, baudios = BAUDIOS): Promise<void> {
  const { blob } = await obtenerArchivo(`/contabilidad/v1/documentoContable/${idDocumento}/escpos`, { ancho, cajon: cajon ? 1 : 0 });
  await enviarAImpresora(new Uint8Array(await blob.arrayBuffer()), baudios);
}
