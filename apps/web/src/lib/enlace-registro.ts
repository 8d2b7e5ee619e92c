/**
 * The register link with `accept` (true/false) and a `token` in the query (the seed's registration logout): opening it
 * clears any current session, even a signed-in one, and then shows the registration page (/auth/registro).
 */
export function esEnlaceRegistro(url: URL): boolean {
  const accept = url.searchParams.get('accept');
  return url.pathname.replace(/\/+$/, '') === '/auth/registro' && !!url.searchParams.get('token') && (accept === 'true' || accept === 'false');
}
