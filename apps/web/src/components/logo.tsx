import type { TVariante } from '@yupana/contracts';
import { useMarca } from '../lib/api/get-config-publica';
import { NOMBRE_MARCA } from '../lib/marca';

/** Yupana's mark: an Inca counting board (yupana) whose columns of seeds rise, and the word mark beside it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f4c81" />
      <g fill="none" stroke="#ffffff" strokeOpacity=".35" strokeWidth="1.2">
        <rect x="5" y="5" width="22" height="22" rx="3" />
        <path d="M12.3 5v22M19.7 5v22" />
      </g>
      <g fill="#f5b82e">
        <circle cx="8.7" cy="22.5" r="2.2" />
        <circle cx="16" cy="22.5" r="2.2" />
        <circle cx="16" cy="16" r="2.2" />
        <circle cx="23.3" cy="22.5" r="2.2" />
        <circle cx="23.3" cy="16" r="2.2" />
        <circle cx="23.3" cy="9.5" r="2.2" />
      </g>
    </svg>
  );
}

/** The receipt variant's mark: a paper receipt with a torn edge, its total line and a seed of the yupana. */
export function LogoMarkBoletas({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" data-marca="tuboleta">
      <rect width="32" height="32" rx="7" fill="#0e7c66" />
      <path d="M9 5.5h14a1 1 0 0 1 1 1V26l-2.3-1.6L19.3 26 17 24.4 14.7 26l-2.4-1.6L10 26 8 24.6V6.5a1 1 0 0 1 1-1z" fill="#ffffff" />
      <g stroke="#0e7c66" strokeWidth="1.6" strokeLinecap="round">
        <path d="M11.5 10h9M11.5 13.5h6.5M11.5 17h9" />
      </g>
      <circle cx="20.5" cy="20.3" r="2" fill="#f5b82e" />
    </svg>
  );
}

/** The brand's mark and name; the brand comes from the public configuration (or the `variante` given). */
export function Logo({ size = 32, showName = true, light = false, variante }: { size?: number; showName?: boolean; light?: boolean; variante?: TVariante }) {
  const marca = useMarca();
  const v = variante ?? marca.variante;
  const recibo = v === 'tuboleta';
  return (
    <span className="yp-logo" style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }} data-testid="logo-marca" data-variante={v}>
      {recibo ? <LogoMarkBoletas size={size} /> : <LogoMark size={size} />}
      {showName && (
        <span
          style={{
            fontWeight: 700,
            fontSize: size * 0.62,
            letterSpacing: 0.3,
            color: light ? '#ffffff' : recibo ? '#0e7c66' : '#0f4c81',
            lineHeight: 1,
          }}
        >
          {variante ? NOMBRE_MARCA[v] : marca.marca}
        </span>
      )}
    </span>
  );
}
