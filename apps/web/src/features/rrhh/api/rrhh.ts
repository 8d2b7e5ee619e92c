import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TArchivosBancoCts,
  TCatalogoItem,
  TCuentasTrabajador,
  TCuentasTrabajadorGuardar,
  TContratoLaboral,
  TContratoLaboralGuardar,
  TFamiliar,
  TFamiliarGuardar,
  TNomina,
  TNominaCalcular,
  TNominaCrear,
  TNominaConAsistencia,
  TNominaDetalle,
  TNominaPagar,
  TNominaDepositarCts,
  TCuentaFinanciera,
  TTrabajador,
  TTrabajadorGuardar,
} from '@yupana/contracts';
import { abrirArchivo, descargarArchivo } from '../../../lib/archivos';
import { api } from '../../../lib/session';

const BASE = '/rrhh/v1';

// ---- Workers ----
export function useTrabajadores(f: { filtro: string; pagina: number }) {
  return useQuery({
    queryKey: ['rrhh', 'trabajadores', f],
    queryFn: ({ signal }) => api.get<{ Data: TTrabajador[]; Count: number }>(`${BASE}/entidades`, { query: { filtro: f.filtro.trim(), pagina: f.pagina, regxpag: 10, estado: 1 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGuardarTrabajador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TTrabajadorGuardar; id?: number }) => (id ? api.put<TTrabajador>(`${BASE}/entidades/${id}`, datos) : api.post<TTrabajador>(`${BASE}/entidades`, datos)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'trabajadores'] }),
  });
}

export function useGuardarContrato() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ datos, id }: { datos: TContratoLaboralGuardar; id?: number }) =>
      id ? api.put<TContratoLaboral>(`${BASE}/contratos/${id}`, datos) : api.post<TContratoLaboral>(`${BASE}/contratos/colaborador`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'trabajadores'] }),
  });
}

export function useFamiliares(idTrabajador: number | null) {
  return useQuery({
    queryKey: ['rrhh', 'familiares', idTrabajador],
    queryFn: ({ signal }) => api.get<{ Data: TFamiliar[] }>(`${BASE}/entidades/${idTrabajador}/relacionados`, { signal }),
    enabled: idTrabajador !== null,
  });
}

export function useAgregarFamiliar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TFamiliarGuardar) => api.post<TFamiliar>(`${BASE}/entidades/relacionados`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

export function useCatalogo(tipo: 'areas' | 'cargos') {
  return useQuery({
    queryKey: ['rrhh', tipo],
    queryFn: ({ signal }) => api.get<{ Data: TCatalogoItem[] }>(tipo === 'areas' ? `${BASE}/areas` : `${BASE}/entidades/cargo`, { signal }),
  });
}

export function useCrearCatalogo(tipo: 'areas' | 'cargos') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Nombre: string) => api.post<TCatalogoItem>(tipo === 'areas' ? `${BASE}/areas` : `${BASE}/entidades/cargo`, { Nombre }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', tipo] }),
  });
}

// ---- Payroll runs ----
export function useNominas(pagina: number) {
  return useQuery({
    queryKey: ['rrhh', 'nominas', pagina],
    queryFn: ({ signal }) => api.get<{ Data: TNomina[]; Count: number }>(`${BASE}/nominas`, { query: { pagina, regxpag: 12 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNomina(id: number) {
  return useQuery({ queryKey: ['rrhh', 'nomina', id], queryFn: ({ signal }) => api.get<TNominaDetalle>(`${BASE}/nominas/${id}`, { signal }) });
}

export function useCrearNomina() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TNominaCrear) => api.post<TNomina>(`${BASE}/nominas`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh', 'nominas'] }),
  });
}

/** Takes the month's attendance (faltas, tardiness, overtime, holidays) into the run and computes it again. */
export function useAsistenciaEnNomina(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TNominaConAsistencia>(`${BASE}/nominas/${id}/asistencia`),
    onSuccess: (d) => {
      qc.setQueryData(['rrhh', 'nomina', id], d);
      return qc.invalidateQueries({ queryKey: ['rrhh', 'nominas'] });
    },
  });
}

export function useCalcularNomina(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TNominaCalcular) => api.post<TNominaDetalle>(`${BASE}/nominas/${id}/calculo`, datos),
    onSuccess: (d) => {
      qc.setQueryData(['rrhh', 'nomina', id], d);
      return qc.invalidateQueries({ queryKey: ['rrhh', 'nominas'] });
    },
  });
}

export function useAprobarNomina(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TNomina>(`${BASE}/nominas/${id}/aprobacion`, undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** Pagar planilla: the net of the chosen payslips (all the unpaid ones when none is chosen) out of one account. */
export function usePagarNomina(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TNominaPagar) => api.post<TNominaDetalle>(`${BASE}/nominas/${id}/pagos`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** The company's active financial accounts (finance's master data), to pay a run from. */
export function useCuentasDePago() {
  return useQuery({
    queryKey: ['rrhh', 'cuentas-pago'],
    queryFn: ({ signal }) => api.get<{ Data: TCuentaFinanciera[]; Count: number }>('/finanzas/v1/cuentasfinancieras', { query: { estado: 1 }, signal }),
  });
}

/** Voids a payroll payment (supervisor): its payslips are unpaid again. */
export function useAnularPagoNomina(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idPago, Motivo }: { idPago: number; Motivo: string }) => api.put<TNominaDetalle>(`${BASE}/nominas/${id}/pagos/${idPago}/anulaciones`, { Motivo }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** Depositar CTS of an approved May or November run (all the payslips with CTS not deposited, or the chosen ones). */
export function useDepositarCts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TNominaDepositarCts) => api.post<TNominaDetalle>(`${BASE}/nominas/${id}/depositoscts`, datos),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** Voids a CTS deposit (supervisor): its payslips are not deposited again. */
export function useAnularDepositoCts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idDeposito, Motivo }: { idDeposito: number; Motivo: string }) => api.put<TNominaDetalle>(`${BASE}/nominas/${id}/depositoscts/${idDeposito}/anulaciones`, { Motivo }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rrhh'] }),
  });
}

/** Opens a worker's payslip PDF in a new tab. */
export async function abrirBoletaPdf(idNomina: number, idBoleta: number): Promise<void> {
  await abrirArchivo(`${BASE}/nominas/${idNomina}/boletas/${idBoleta}/pdf`);
}

/** Downloads one PLAME import file (.rem, .jor, .snl, .toc, .for) of an approved run, with SUNAT's name. */
export async function descargarPlame(idNomina: number, extension: 'rem' | 'jor' | 'snl' | 'toc' | 'for'): Promise<void> {
  await descargarArchivo(`${BASE}/nominas/${idNomina}/plame/${extension}`, {}, `plame.${extension}`);
}

/** Downloads the AFPnet upload (Excel) of an approved run: every AFP affiliate, or those of one AFP. */
export async function descargarAfpnet(idNomina: number, afp?: string): Promise<void> {
  await descargarArchivo(`${BASE}/nominas/${idNomina}/afpnet`, afp ? { afp } : {}, 'afpnet.xlsx');
}

/** A worker's salary and CTS bank accounts. */
export function useCuentasTrabajador(idTrabajador: number) {
  return useQuery({
    queryKey: ['rrhh', 'cuentas', idTrabajador],
    queryFn: ({ signal }) => api.get<TCuentasTrabajador>(`${BASE}/entidades/${idTrabajador}/cuentas`, { signal }),
  });
}

export function useGuardarCuentasTrabajador(idTrabajador: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: TCuentasTrabajadorGuardar) => api.put<TCuentasTrabajador>(`${BASE}/entidades/${idTrabajador}/cuentas`, datos),
    onSuccess: (d) => qc.setQueryData(['rrhh', 'cuentas', idTrabajador], d),
  });
}

/** The CTS bank files of an approved May / November run (one per bank) and the workers left out. */
export function useArchivosBancoCts(idNomina: number, activo: boolean) {
  return useQuery({
    queryKey: ['rrhh', 'nomina', idNomina, 'bancos-cts'],
    queryFn: ({ signal }) => api.get<TArchivosBancoCts>(`${BASE}/nominas/${idNomina}/depositoscts/bancos`, { signal }),
    enabled: activo,
  });
}

/** Downloads the CTS file of one bank. */
export async function descargarArchivoBancoCts(idNomina: number, banco: string, nombre: string): Promise<void> {
  await descargarArchivo(`${BASE}/nominas/${idNomina}/depositoscts/bancos/${banco}`, {}, nombre);
}
