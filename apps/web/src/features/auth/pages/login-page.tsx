import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { useMarca } from '../../../lib/api/get-config-publica';
import { tituloPagina } from '../../../lib/marca';
import { destinoSeguro } from '../../../lib/destino-seguro';
import { IconoCheck } from '../components/iconos-login';
import { LoginForm } from '../components/login-form';
import { tomarMotivoSalida } from '../../../lib/tiempo-real';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { marca, variante } = useMarca();
  // A sign-out the user did not ask for (session taken over, closed by an administrator): say why.
  const [motivo, setMotivo] = useState<string | null>(null);
  useEffect(() => {
    const m = tomarMotivoSalida();
    if (m) setMotivo(m);
  }, []);

  useEffect(() => {
    document.title = tituloPagina(marca, 'Iniciar sesión');
  }, [marca]);

  return (
    <div className="yp-login">
      <section className="yp-login-arte" aria-hidden="true">
        <Logo size={40} light />
        <div>
          <h2>Facture electrónicamente y ordene su negocio en un solo lugar</h2>
          {/* Only what exists today (issue 11 item 15). */}
          <p data-testid="login-descripcion">
            Comprobantes electrónicos validados para SUNAT, punto de venta con caja y arqueo, inventario con kardex valorizado, cuentas por cobrar y cobranzas, contabilidad con
            libros electrónicos, y la planilla y asistencia de sus trabajadores, desde cualquier dispositivo.
          </p>
          <ul className="yp-login-puntos">
            <li>
              <IconoCheck /> Facturas, boletas, notas y guías de remisión electrónicas
            </li>
            <li>
              <IconoCheck /> Ventas por día, sucursal y condición de pago, con sus notas de crédito y débito
            </li>
            <li>
              <IconoCheck /> Trabajadores, contratos, asistencia y planilla mensual con sus boletas de pago
            </li>
            <li>
              <IconoCheck /> Soporte por WhatsApp de lunes a viernes
            </li>
          </ul>
        </div>
        <small style={{ color: 'rgba(255,255,255,.6)' }}>{marca} · Hecho para empresas peruanas</small>
      </section>
      <section className="yp-login-form">
        <div className="yp-login-caja">
          <Logo size={36} />
          <h1>Iniciar sesión</h1>
          <p style={{ color: '#64748b', marginTop: 0, marginBottom: 24 }}>Ingrese con el usuario que le asignó su empresa.</p>
          {motivo && (
            <div className="yp-alerta yp-alerta-aviso" role="alertdialog" aria-labelledby="motivo-titulo">
              <div>
                <strong id="motivo-titulo">Sesión cerrada</strong>
                <div data-testid="motivo-salida">{motivo}</div>
              </div>
              <button type="button" className="yp-boton-enlace" onClick={() => setMotivo(null)}>
                Entendido
              </button>
            </div>
          )}
          <LoginForm onIngreso={() => navigate(destinoSeguro(params.get('volver')), { replace: true })} />
          {variante === 'tuboleta' && (
            <p style={{ textAlign: 'center', marginTop: 16 }}>
              ¿Aún no tienes una cuenta? <Link to="/auth/registro">Crea tu cuenta gratis</Link>
            </p>
          )}
          <div className="yp-login-pie">{marca} no guarda su contraseña en este navegador: solo un acceso temporal que vence al cerrar sesión.</div>
        </div>
      </section>
    </div>
  );
}
