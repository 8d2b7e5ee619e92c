/** Where the login page sends the user back after signing in: only pages of the shell, never another site. */
export function destinoSeguro(volver: string | null): string {
  return volver && /^\/admin(\/|\?|$)/.test(volver) ? volver : '/admin';
}
