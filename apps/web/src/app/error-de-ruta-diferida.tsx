import { lazy, Suspense } from 'react';
import { PantallaCargando } from './shell/navigation-spinner';

const ErrorDeRutaReal = lazy(() =>
  Promise.all([import('./error-de-ruta'), import('./antd-raiz')]).then(([e, a]) => ({
    default: () => (
      <a.ProveedorAntd>
        <e.ErrorDeRuta />
      </a.ProveedorAntd>
    ),
  })),
);

/**
 * The route error page, loaded only when a route fails: it uses antd (Result and its illustrations), which must not
 * weigh on the login page (issue 17).
 */
export function ErrorDeRuta() {
  return (
    <Suspense fallback={<PantallaCargando />}>
      <ErrorDeRutaReal />
    </Suspense>
  );
}
