/**
 * The seed's local-storage keys. Values are base64-encoded as the seed does (this hides nothing; it only keeps the
 * stored format the seed's other tools expect). The password is NEVER stored, in any encoding: a deliberate
 * divergence from the seed (see docs/decisions.md).
 */
export const ClavesStorage = {
  AccessToken: 'AccessToken',
  ExpiresInToken: 'ExpiresInToken',
  TipoToken: 'TipoToken',
  RefreshToken: 'RefreshToken',
  LogIn: 'LogIn',
  LogOut: 'LogOut',
  LogInFormat: 'LogInFormat',
  DataUser: 'DataUser',
} as const;
type TClave = keyof typeof ClavesStorage;

/**
 * The seed treats the access token as valid until 60 x a configured number of seconds before it expires, so a call
 * never leaves with a token that dies in flight. The configured number here is 1 s: a one-minute margin.
 */
export const SEGUNDOS_MARGEN_TOKEN = 1;
export const MARGEN_TOKEN_MS = 60 * SEGUNDOS_MARGEN_TOKEN * 1000;

/** What the shell knows about the signed-in user without asking the server (no secrets). */
export type TDataUser = {
  IdUsuario: number;
  Usuario: string;
  IdEntidadEmpresa: number;
  DocumentoEmpresa: string | null;
  TimeLogIn: string;
};

function codificar(valor: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(valor)));
}

function decodificar(valor: string): string | null {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(valor), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function leer(clave: TClave): string | null {
  const v = localStorage.getItem(ClavesStorage[clave]);
  return v === null ? null : decodificar(v);
}

function escribir(clave: TClave, valor: string): void {
  localStorage.setItem(ClavesStorage[clave], codificar(valor));
}

export type TTokens = { AccessToken: string; RefreshToken: string; ExpiresIn: number; TimeLogIn: string };

export const authStorage = {
  accessToken: () => leer('AccessToken'),
  refreshToken: () => leer('RefreshToken'),
  tipoToken: () => leer('TipoToken') ?? 'Bearer',
  timeLogIn: (): string | null => authStorage.dataUser()?.TimeLogIn ?? null,
  /** Instant (ms since epoch) at which the access token expires on the server. */
  expiraEn: (): number | null => {
    const v = Number(leer('ExpiresInToken'));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  /** Valid until the safety margin before expiry (the seed's rule). */
  accessTokenVigente: (ahora = Date.now()): boolean => {
    const expira = authStorage.expiraEn();
    return !!authStorage.accessToken() && expira !== null && ahora < expira - MARGEN_TOKEN_MS;
  },
  /** First-login flag from the sign-in answer: '0' first sign-in, '1' otherwise. */
  logIn: () => leer('LogIn'),
  logInFormat: () => leer('LogInFormat'),
  logOut: () => leer('LogOut'),
  dataUser: (): TDataUser | null => {
    const v = leer('DataUser');
    if (!v) return null;
    try {
      return JSON.parse(v) as TDataUser;
    } catch {
      return null;
    }
  },
  haySesion: () => !!leer('AccessToken') && !!leer('RefreshToken'),

  /**
   * Order matters to the other tabs, which see these writes one by one: the refresh token goes last, so a tab that
   * sees it change can rely on the access token and its expiry being there already.
   */
  guardarTokens(t: TTokens, recibidoEn = Date.now()): void {
    escribir('AccessToken', t.AccessToken);
    escribir('TipoToken', 'Bearer');
    escribir('ExpiresInToken', String(recibidoEn + t.ExpiresIn * 1000));
    escribir('RefreshToken', t.RefreshToken);
  },
  /** DataUser goes last: other tabs take its change as "signed in" (see SessionSync). */
  guardarInicioSesion(datos: { tokens: TTokens; logIn: number; logInFormat: string; usuario: TDataUser }): void {
    authStorage.guardarTokens(datos.tokens);
    escribir('LogIn', String(datos.logIn));
    escribir('LogInFormat', datos.logInFormat);
    escribir('DataUser', JSON.stringify(datos.usuario));
  },
  /** Logout: everything goes, then the logout time is recorded (other tabs react to this key). */
  limpiarYMarcarSalida(ahora = new Date()): void {
    localStorage.clear();
    escribir('LogOut', ahora.toISOString());
  },
};
