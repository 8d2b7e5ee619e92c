import { CheckCircleFilled } from '@ant-design/icons';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { useMarca } from '../../../lib/api/get-config-publica';
import { tituloPagina } from '../../../lib/marca';
import { destinoSeguro } from '../../../lib/destino-seguro';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { marca, variante } = useMarca();

  useEffect(() => {
    document.title = tituloPagina(marca, 'Iniciar sesión');
  }, [marca]);

  return (
    <div className="yp-login">
      <section className="yp-login-arte" aria-hidden="true">
        <Logo size={40} light />
        <div>
          <h2>Facture electrónicamente y ordene su negocio en un solo lugar</h2>
          <p>Comprobantes validados para SUNAT, ventas, caja, inventario y finanzas de su empresa, desde cualquier dispositivo.</p>
          <ul className="yp-login-puntos">
            <li>
              <CheckCircleFilled /> Facturas, boletas, notas y guías de remisión electrónicas
            </li>
            <li>
              <CheckCircleFilled /> Control de caja, cobros y pagos por sucursal
            </li>
            <li>
              <CheckCircleFilled /> Soporte por WhatsApp de lunes a viernes
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
