import { CloseOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { TextosAsistente } from '@yupana/contracts';
import { useEffect, useRef, useState, type PointerEvent as EventoPuntero } from 'react';
import { useConfigPublica } from '../../lib/api/get-config-publica';
import { enviarMensaje, useAsistenteActivo } from './api-asistente';
import { ApiError } from '../../lib/api-error';
import { MarkdownChat } from './markdown-chat';

/** Seed widget states: 0 hidden, 1 greeting bubble, 2 collapsed avatar, 3 small draggable icon. */
type TEstado = 0 | 1 | 2 | 3;
type TMensaje = { content: string; isBot: boolean };

/** The seed waits this long before appending the bot's reply (with the typing indicator meanwhile). */
const DEMORA_RESPUESTA_MS = 1000;
/** On a phone the icon and the window snap to the nearest side, this far from the edge. */
const MARGEN_BORDE = 6;
const ANCHO_MOVIL = 768;
const TAMANHO_ICONO = 44;

/** The greeting bubble shows once per browser session, for this long, then folds into the avatar (state 2). */
const SALUDO_MS = 10_000;
const CLAVE_SALUDO = 'yp-asistente-saludo';

const nuevoId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The 'Asistente Virtual' chat (seed: Smarty), main brand only and when the company's parameter is 'true'. The
 * server answers each message (the company's webhook or the product's help); the browser never calls a webhook.
 */
export function AsistenteVirtual() {
  const config = useConfigPublica().data;
  const activo = useAsistenteActivo(config?.Variante === 'erp').data?.Activo === true;
  if (!activo) return null;
  return <Chat />;
}

function Chat() {
  const [estado, setEstado] = useState<TEstado>(() => (sessionStorage.getItem(CLAVE_SALUDO) ? 2 : 1));
  const [abierto, setAbierto] = useState(false);
  const [mensajes, setMensajes] = useState<TMensaje[]>([{ content: TextosAsistente.SALUDO, isBot: true }]);
  const [texto, setTexto] = useState('');
  const [escribiendo, setEscribiendo] = useState(false);
  const sesion = useRef(nuevoId());
  const lista = useRef<HTMLDivElement>(null);
  const arrastre = useArrastre();

  useEffect(() => {
    lista.current?.scrollTo({ top: lista.current.scrollHeight });
  }, [mensajes, escribiendo]);

  // The greeting does not stay over the page: once per session, and it folds away by itself.
  useEffect(() => {
    if (estado !== 1) return;
    sessionStorage.setItem(CLAVE_SALUDO, '1');
    const t = setTimeout(() => setEstado((e) => (e === 1 ? 2 : e)), SALUDO_MS);
    return () => clearTimeout(t);
  }, [estado]);

  async function enviar() {
    const chatInput = texto.trim();
    // Seed: an empty message is ignored, and nothing is sent while the bot is typing.
    if (!chatInput || escribiendo) return;
    setTexto('');
    setMensajes((m) => [...m, { content: chatInput, isBot: false }]);
    setEscribiendo(true);
    const espera = new Promise((ok) => setTimeout(ok, DEMORA_RESPUESTA_MS));
    let respuesta: string;
    try {
      respuesta = (await enviarMensaje({ sessionId: sesion.current, chatInput, messageId: nuevoId() })).output || TextosAsistente.SIN_RESPUESTA;
    } catch (e) {
      // Too many messages: the server says how long to wait; anything else is the seed's connection text.
      respuesta = e instanceof ApiError && e.status === 429 ? e.message : TextosAsistente.ERROR_CONEXION;
    }
    await espera;
    setMensajes((m) => [...m, { content: respuesta, isBot: true }]);
    setEscribiendo(false);
  }

  const abrir = () => {
    if (arrastre.movido()) return;
    setAbierto(true);
    setEstado(2);
  };

  if (estado === 0) return null;
  return (
    <div className="yp-asistente" style={arrastre.estilo} data-testid="asistente-virtual" data-estado={estado}>
      {abierto && (
        <section className="yp-chat" role="dialog" aria-label="Asistente Virtual" data-testid="chat-asistente">
          <header className="yp-chat-cabecera" onPointerDown={arrastre.alPresionar} onPointerMove={arrastre.alMover} onPointerUp={arrastre.alSoltar}>
            <RobotOutlined /> <span>Asistente Virtual</span>
            <Button type="text" size="small" aria-label="Cerrar el chat" icon={<CloseOutlined style={{ color: '#fff' }} />} onClick={() => setAbierto(false)} />
          </header>
          <div className="yp-chat-mensajes" ref={lista} aria-live="polite">
            {mensajes.map((m, i) => (
              <div key={i} className={m.isBot ? 'yp-chat-msg yp-chat-msg--bot' : 'yp-chat-msg yp-chat-msg--usuario'} data-testid={m.isBot ? 'mensaje-bot' : 'mensaje-usuario'}>
                {m.isBot ? <MarkdownChat texto={m.content} /> : m.content}
              </div>
            ))}
            {escribiendo && (
              <div className="yp-chat-msg yp-chat-msg--bot yp-chat-escribiendo" data-testid="escribiendo" aria-label="El asistente está escribiendo">
                <span />
                <span />
                <span />
              </div>
            )}
          </div>
          <footer className="yp-chat-pie">
            <Input.TextArea
              value={texto}
              placeholder={TextosAsistente.MARCADOR}
              aria-label="Mensaje para el asistente"
              autoSize={{ minRows: 1, maxRows: 4 }}
              style={{ maxHeight: 80 }}
              maxLength={2000}
              onChange={(e) => setTexto(e.target.value.toUpperCase())}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter is a new line.
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void enviar();
                }
              }}
            />
            <Button type="primary" icon={<SendOutlined />} aria-label="Enviar" disabled={escribiendo || !texto.trim()} onClick={() => void enviar()} />
          </footer>
        </section>
      )}
      {!abierto && (
        <div className="yp-asistente-fila">
          {estado === 1 && (
            <div className="yp-chat-saludo" data-testid="saludo-asistente">
              <button type="button" className="yp-chat-saludo-texto" onClick={abrir}>
                {TextosAsistente.SALUDO}
              </button>
              <Button type="text" size="small" aria-label="Cerrar el saludo" icon={<CloseOutlined />} onClick={() => setEstado(3)} />
            </div>
          )}
          <Tooltip title="Asistente Virtual" placement="left">
            <button
              type="button"
              className={estado === 3 ? 'yp-chat-icono yp-chat-icono--pequenho' : 'yp-chat-icono'}
              aria-label="Abrir el Asistente Virtual"
              data-testid="icono-asistente"
              onPointerDown={arrastre.alPresionar}
              onPointerMove={arrastre.alMover}
              onPointerUp={arrastre.alSoltar}
              onClick={abrir}
            >
              <RobotOutlined />
            </button>
          </Tooltip>
        </div>
      )}
    </div>
  );
}

/**
 * Dragging the assistant with a mouse or a finger (pointer events cover both). On a phone it snaps to the nearest
 * side, MARGEN_BORDE from the edge, and stays inside the screen. A drag is not a click.
 */
function useArrastre() {
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  const inicio = useRef<{ px: number; py: number; x: number; y: number; movido: boolean } | null>(null);
  const ultimoMovido = useRef(false);

  const alPresionar = (e: EventoPuntero<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('button[aria-label="Cerrar el chat"]')) return;
    const caja = (e.currentTarget.closest('.yp-asistente') as HTMLElement).getBoundingClientRect();
    inicio.current = { px: e.clientX, py: e.clientY, x: caja.left, y: caja.top, movido: false };
    ultimoMovido.current = false;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const alMover = (e: EventoPuntero<HTMLElement>) => {
    const i = inicio.current;
    if (!i) return;
    const dx = e.clientX - i.px;
    const dy = e.clientY - i.py;
    if (!i.movido && Math.hypot(dx, dy) < 5) return;
    i.movido = true;
    setPos({ x: i.x + dx, y: i.y + dy });
  };
  const alSoltar = (e: EventoPuntero<HTMLElement>) => {
    const i = inicio.current;
    inicio.current = null;
    if (!i?.movido) return;
    ultimoMovido.current = true;
    const caja = (e.currentTarget.closest('.yp-asistente') as HTMLElement).getBoundingClientRect();
    const ancho = window.innerWidth;
    const alto = window.innerHeight;
    let x = Math.min(Math.max(caja.left, MARGEN_BORDE), ancho - caja.width - MARGEN_BORDE);
    const y = Math.min(Math.max(caja.top, MARGEN_BORDE), alto - Math.max(caja.height, TAMANHO_ICONO) - MARGEN_BORDE);
    if (ancho < ANCHO_MOVIL) x = caja.left + caja.width / 2 < ancho / 2 ? MARGEN_BORDE : ancho - caja.width - MARGEN_BORDE;
    setPos({ x, y });
  };
  return {
    estilo: pos ? { left: pos.x, top: pos.y, right: 'auto', bottom: 'auto' } : undefined,
    alPresionar,
    alMover,
    alSoltar,
    /** Whether the pointer just dragged (then the click that follows does not open the chat). */
    movido: () => {
      const m = ultimoMovido.current;
      ultimoMovido.current = false;
      return m;
    },
  };
}
