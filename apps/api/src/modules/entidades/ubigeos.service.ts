import { UBIGEOS } from '@yupana/sunat';
import type { TUbigeo } from '@yupana/contracts';
import { noEncontrado } from '../../lib/app-error';

// The INEI district catalogue of the engine (~1,900 rows), kept in memory: no table needed.
const TODOS: TUbigeo[] = Object.entries(UBIGEOS).map(([IdUbigeo, texto]) => {
  const [Departamento, Provincia, Distrito] = texto.split('|');
  return { IdUbigeo, Departamento, Provincia, Distrito, Descripcion: `${Departamento} - ${Provincia} - ${Distrito}` };
});

// Accents are ignored ("ANCON" finds "ANCÓN").
const normalizar = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toUpperCase();
const INDICE = TODOS.map((u) => ({ u, texto: `${u.IdUbigeo} ${normalizar(u.Descripcion)}` }));

export function buscarUbigeos(q: { filtro: string; pagina: number; regxpag: number }): { Data: TUbigeo[]; Count: number } {
  const palabras = normalizar(q.filtro).split(/\s+/).filter(Boolean);
  const hallados = palabras.length ? INDICE.filter(({ texto }) => palabras.every((p) => texto.includes(p))).map(({ u }) => u) : TODOS;
  const inicio = (q.pagina - 1) * q.regxpag;
  return { Data: hallados.slice(inicio, inicio + q.regxpag), Count: hallados.length };
}

export function ubigeoPorId(id: string): TUbigeo {
  const u = TODOS.find((x) => x.IdUbigeo === id);
  if (!u) throw noEncontrado('No se encontró el ubigeo');
  return u;
}
