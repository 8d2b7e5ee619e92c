import { useNavigation } from 'react-router';

// A CSS spinner (styles.css, .yp-spin) rather than antd's Spin: it shows before antd is loaded, on the login page too.
function Giro() {
  return <span className="yp-spin" aria-hidden="true" />;
}

/**
 * Page-wide spinner from the start of a navigation until it ends, is cancelled or fails: the router's navigation
 * state is 'idle' again in all three cases. The veil has the seed's 0.4 opacity.
 */
export function NavigationSpinner() {
  const navegando = useNavigation().state !== 'idle';
  if (!navegando) return null;
  return (
    <div className="yp-spinner" role="status" aria-live="polite" aria-label="Cargando página" data-testid="spinner-navegacion">
      <div className="yp-spinner-velo" />
      <Giro />
    </div>
  );
}

export function PantallaCargando() {
  return (
    <div className="yp-spinner" role="status" aria-label="Cargando">
      <div className="yp-spinner-velo" />
      <Giro />
    </div>
  );
}
