// Fault drills: switches a test (or a trainer, over /admin) flips to make the stand-in misbehave like SUNAT does.

export type TOperacion = 'sendBill' | 'sendSummary' | 'getStatus' | 'getStatusCdr' | 'greToken' | 'greEnvio' | 'greConsulta' | 'sire';

export type TFalla =
  /** Answer normally, but only after this delay (a client timeout shorter than it gives "not reached"). */
  | { tipo: 'lento'; demoraMs: number }
  /** SOAP Fault / REST error with this code (0100-1999): nothing is registered, the number may be resent. */
  | { tipo: 'excepcion'; codigo: string }
  /** Process and answer a CDR with this code: 2000-3999 rejects (number burned), 4000+ accepts with that observation. */
  | { tipo: 'rechazo'; codigo: string }
  /** Drop the connection without answering; with `procesar` the document is registered first (the answer is lost). */
  | { tipo: 'cortar'; procesar?: boolean };

export type TReglaFalla = TFalla & {
  /** Only documents of this type ('01', '03', '07', '08', '09', '31', 'RC', 'RA'); any when absent. */
  tipoDocumento?: string;
  operacion?: TOperacion;
  /** For the next N matching calls; until removed when absent. */
  veces?: number;
};

export type TReglaActiva = TReglaFalla & { id: number };

export class Fallas {
  private reglas: TReglaActiva[] = [];
  private siguienteId = 1;
  private temporizador: NodeJS.Timeout | undefined;

  constructor(private readonly red: { caer(): Promise<void>; levantar(): Promise<void>; caido(): boolean }) {}

  agregar(regla: TReglaFalla): number {
    validarRegla(regla);
    const id = this.siguienteId++;
    this.reglas.push({ ...regla, id });
    return id;
  }

  quitar(id: number): void {
    this.reglas = this.reglas.filter((r) => r.id !== id);
  }

  /** Removes every rule and, if the stand-in is down, brings it back up. */
  async limpiar(): Promise<void> {
    this.reglas = [];
    if (this.red.caido()) await this.levantar();
  }

  activas(): TReglaActiva[] {
    return this.reglas.map((r) => ({ ...r }));
  }

  /** The first rule matching this call, consumed when it has a count. */
  tomar(operacion: TOperacion, tipoDocumento?: string): TFalla | undefined {
    const regla = this.reglas.find(
      (r) => (!r.operacion || r.operacion === operacion) && (!r.tipoDocumento || r.tipoDocumento === tipoDocumento),
    );
    if (!regla) return undefined;
    if (regla.veces !== undefined && --regla.veces <= 0) this.quitar(regla.id);
    return regla;
  }

  /** Stops listening: clients get "connection refused" until levantar() (or after duracionMs). */
  async caer(duracionMs?: number): Promise<void> {
    clearTimeout(this.temporizador);
    await this.red.caer();
    if (duracionMs !== undefined) this.temporizador = setTimeout(() => void this.levantar(), duracionMs).unref();
  }

  async levantar(): Promise<void> {
    clearTimeout(this.temporizador);
    if (this.red.caido()) await this.red.levantar();
  }

  get caido(): boolean {
    return this.red.caido();
  }

  detener(): void {
    clearTimeout(this.temporizador);
  }
}

export function validarRegla(r: TReglaFalla): void {
  const ok =
    (r.tipo === 'lento' && Number.isFinite(r.demoraMs) && r.demoraMs >= 0) ||
    ((r.tipo === 'excepcion' || r.tipo === 'rechazo') && /^\d{4}$/.test(String(r.codigo))) ||
    r.tipo === 'cortar';
  if (!ok) throw new Error(`Regla de falla inválida: ${JSON.stringify(r)}`);
  if (r.veces !== undefined && (!Number.isInteger(r.veces) || r.veces < 1)) throw new Error('"veces" debe ser un entero positivo.');
}
