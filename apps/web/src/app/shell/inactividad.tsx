import { Modal, Progress } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConfigPublica } from '../../lib/api/get-config-publica';
import { authStorage } from '../../lib/auth-storage';
import { api, cerrarSesion } from '../../lib/session';

/**
 * The seed's limits: after 900 s without activity a modal asks to continue; without an answer in 10 s, logout. The
 * deployment may set another limit (INACTIVIDAD_SEGUNDOS on the server, published in the public configuration).
 */
export const INACTIVIDAD_SEGUNDOS_DEFECTO = 900;
export const ESPERA_RESPUESTA_MS = 10 * 1000;
const EVENTOS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const CANAL = 'yupana-actividad';

/**
 * Watches for inactivity. Activity in any tab of the app counts (tabs share the session, so one idle tab must not
 * sign out a user who is working in another): tabs tell each other over a BroadcastChannel.
 */
/** The limit in force: the public configuration's, or the seed's while it loads or when it does not say. */
export function segundosInactividad(config: unknown): number {
  const v = config && typeof config === 'object' ? (config as { InactividadSegundos?: unknown }).InactividadSegundos : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : INACTIVIDAD_SEGUNDOS_DEFECTO;
}

/** "15 minutos", "1 minuto", "45 segundos" for the modal's text. */
export function duracionEnTexto(segundos: number): string {
  if (segundos % 60 === 0) return segundos === 60 ? '1 minuto' : `${segundos / 60} minutos`;
  return segundos === 1 ? '1 segundo' : `${segundos} segundos`;
}

export function VigilanteInactividad() {
  const segundos = segundosInactividad(useConfigPublica().data);
  const limiteMs = useRef(segundos * 1000);
  limiteMs.current = segundos * 1000;
  const ultima = useRef(Date.now());
  const ultimaOtraPestana = useRef(0);
  const [preguntaDesde, setPreguntaDesde] = useState<number | null>(null);
  const [ahora, setAhora] = useState(Date.now());
  const canal = useRef<BroadcastChannel | null>(null);

  const registrar = useCallback((t = Date.now()) => {
    ultima.current = Math.max(ultima.current, t);
  }, []);

  useEffect(() => {
    canal.current = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CANAL) : null;
    canal.current?.addEventListener('message', (e: MessageEvent<number>) => {
      registrar(e.data);
      ultimaOtraPestana.current = Math.max(ultimaOtraPestana.current, e.data);
    });
    let avisado = 0;
    const alActuar = () => {
      const t = Date.now();
      registrar(t);
      // Telling the other tabs once every few seconds is enough for a 15-minute limit.
      if (t - avisado > 5000) {
        avisado = t;
        canal.current?.postMessage(t);
      }
    };
    for (const e of EVENTOS) window.addEventListener(e, alActuar, { passive: true });
    return () => {
      for (const e of EVENTOS) window.removeEventListener(e, alActuar);
      canal.current?.close();
    };
  }, [registrar]);

  useEffect(() => {
    const reloj = setInterval(() => {
      const t = Date.now();
      setAhora(t);
      setPreguntaDesde((desde) => {
        if (desde === null) return t - ultima.current >= limiteMs.current ? t : null;
        // Work in another tab after the question appeared answers it; here, only the buttons do.
        return ultimaOtraPestana.current > desde ? null : desde;
      });
    }, 1000);
    return () => clearInterval(reloj);
  }, []);

  const restante = preguntaDesde === null ? ESPERA_RESPUESTA_MS : Math.max(0, ESPERA_RESPUESTA_MS - (ahora - preguntaDesde));
  useEffect(() => {
    if (preguntaDesde !== null && restante === 0) {
      setPreguntaDesde(null);
      void cerrarSesion();
    }
  }, [preguntaDesde, restante]);

  const continuar = () => {
    registrar();
    setPreguntaDesde(null);
  };

  return (
    <Modal
      open={preguntaDesde !== null}
      title="¿Desea continuar?"
      okText="Continuar"
      cancelText="Cerrar Sesión"
      onOk={continuar}
      onCancel={() => {
        setPreguntaDesde(null);
        void cerrarSesion();
      }}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      data-testid="modal-inactividad"
    >
      <p>No hemos detectado actividad en los últimos {duracionEnTexto(segundos)}. Por seguridad, su sesión se cerrará en {Math.ceil(restante / 1000)} segundos.</p>
      <Progress percent={(restante / ESPERA_RESPUESTA_MS) * 100} showInfo={false} status="exception" />
    </Modal>
  );
}

/**
 * The seed's session-expired dialog. It appears when the tab comes back (focus, visible again) after its access
 * token ran out meanwhile, e.g. a laptop that slept: SI renews the access and stays on the page, NO signs out.
 */
export function DialogoTiempoCaducado() {
  const [abierto, setAbierto] = useState(false);
  const [renovando, setRenovando] = useState(false);

  useEffect(() => {
    const revisar = () => {
      if (document.visibilityState === 'visible' && authStorage.haySesion() && !authStorage.accessTokenVigente()) setAbierto(true);
    };
    document.addEventListener('visibilitychange', revisar);
    window.addEventListener('focus', revisar);
    return () => {
      document.removeEventListener('visibilitychange', revisar);
      window.removeEventListener('focus', revisar);
    };
  }, []);

  const responder = async (permanecer: boolean) => {
    if (!permanecer) {
      setAbierto(false);
      await cerrarSesion();
      return;
    }
    setRenovando(true);
    try {
      await api.refrescar();
    } catch {
      // The refresh token is gone too (5094/5028): the client has already signed out and left for the login page.
    } finally {
      setRenovando(false);
      setAbierto(false);
    }
  };

  return (
    <Modal
      open={abierto}
      title="Tiempo Caducado!!!"
      okText="SI"
      cancelText="NO"
      onOk={() => void responder(true)}
      onCancel={() => void responder(false)}
      okButtonProps={{ loading: renovando }}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      data-testid="dialogo-tiempo-caducado"
    >
      <p>Se vencio su tiempo de acceso. Desea permanecer en la pagina?</p>
    </Modal>
  );
}
