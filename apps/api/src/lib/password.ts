import { hash, verify } from '@node-rs/argon2';
import { errorDeCampo } from './app-error';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const OPCIONES = { algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable with isolatedModules) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashContrasenha(contrasenha: string): Promise<string> {
  return hash(contrasenha, OPCIONES);
}

export async function verificarContrasenha(hashGuardado: string, contrasenha: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, contrasenha);
  } catch {
    // A malformed stored hash must never let anyone in.
    return false;
  }
}

let hashFicticio: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the user does not exist, so response time does not tell an
 * attacker which user names exist.
 */
export async function verificarContrasenhaFicticia(contrasenha: string): Promise<void> {
  hashFicticio ??= hashContrasenha('yupana-usuario-inexistente-0');
  await verificarContrasenha(await hashFicticio, contrasenha);
}

// --- Policy for new passwords (sign-up, invitation, reset, change) ---
//
// The contract (ZContrasenhaNueva) asks for 10 to 128 characters; here, on the server only (the dictionaries weigh
// a few MB and stay out of the web bundle), the password must not contain the user's own name, user name or e-mail,
// and zxcvbn-ts must rate it at least 3 of 4 ("safely unguessable"): its dictionaries of common passwords (and their
// l33t, reversed and keyboard-pattern variants), English and Spanish words and names. Existing passwords (the demo
// users' Demo.2026) are not re-checked: the policy applies when a password is chosen.

type TZxcvbn = { check(contrasenha: string, entradasUsuario?: string[]): { score: number; feedback: { warning: string | null } } };
let evaluador: Promise<TZxcvbn> | undefined;

/** Loaded on first use (about a second and a few MB): processes that never set a password never pay for it. */
function zxcvbn(): Promise<TZxcvbn> {
  evaluador ??= (async () => {
    const [{ ZxcvbnFactory }, comun, es] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...comun.dictionary, ...es.dictionary },
      graphs: comun.adjacencyGraphs,
      translations: es.translations,
    });
  })();
  return evaluador;
}

export const PUNTAJE_MINIMO_CONTRASENHA = 3;

export type TDatosTitular = { usuario?: string | null; correo?: string | null; nombres?: string | null; apellidos?: string | null };

/** The user's own data a password must not contain: user name, e-mail and its local part, each name of 4+ letters. */
/** Lower case without accents: "María" inside "maria2026" is still the user's name. */
const normalizar = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function datosPropios(d: TDatosTitular): string[] {
  const partes = new Set<string>();
  const agregar = (v: string | null | undefined, minimo: number) => {
    const t = v ? normalizar(v.trim()) : '';
    if (t && t.length >= minimo) partes.add(t);
  };
  agregar(d.usuario, 3);
  agregar(d.correo, 3);
  agregar(d.correo?.split('@')[0], 3);
  for (const nombre of `${d.nombres ?? ''} ${d.apellidos ?? ''}`.split(/\s+/)) agregar(nombre, 4);
  return [...partes];
}

/**
 * Why a new password is refused (Spanish, for the field message), or null when it is acceptable. The contract has
 * already checked its length.
 */
export async function motivoContrasenhaDebil(contrasenha: string, titular: TDatosTitular): Promise<string | null> {
  const normalizada = normalizar(contrasenha);
  const propios = datosPropios(titular);
  if (propios.some((p) => normalizada.includes(p))) return 'La contraseña no debe contener su usuario, su correo ni su nombre';
  const r = (await zxcvbn()).check(contrasenha, propios);
  if (r.score >= PUNTAJE_MINIMO_CONTRASENHA) return null;
  const aviso = r.feedback.warning ? ` (${r.feedback.warning.replace(/\.$/, '').toLowerCase()})` : '';
  return `La contraseña es fácil de adivinar${aviso}. Use una frase de varias palabras o combine palabras poco comunes con números y signos`;
}

/** Throws the 400 field error (ErrorId 500001) when the new password breaks the policy. */
export async function exigirContrasenhaSegura(contrasenha: string, titular: TDatosTitular, campo = 'Contrasenha'): Promise<void> {
  const motivo = await motivoContrasenhaDebil(contrasenha, titular);
  if (motivo) throw errorDeCampo(campo, motivo);
}
