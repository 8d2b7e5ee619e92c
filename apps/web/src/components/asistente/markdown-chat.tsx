import { PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

// Inline marks of the bot's Markdown: **bold**, *italic*, `code`, [text](url). Everything else is text, which React
// escapes: the bot's answer (from the company's webhook too) can never inject HTML.
const MARCA = /(\*\*[^*\n]+\*\*|\*[^*\n]+\*|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\))/g;

function enlace(texto: string, url: string, clave: number): ReactNode {
  // 'see video' links become buttons (seed); app paths stay in the app; other http(s) links open in a new tab.
  const externo = /^https?:\/\//i.test(url);
  if (/video/i.test(texto) && externo)
    return (
      <Button key={clave} size="small" icon={<PlayCircleOutlined />} href={url} target="_blank" rel="noopener noreferrer" className="yp-chat-video">
        {texto}
      </Button>
    );
  if (url.startsWith('/') && !url.startsWith('//'))
    return (
      <Link key={clave} to={url}>
        {texto}
      </Link>
    );
  if (externo)
    return (
      <a key={clave} href={url} target="_blank" rel="noopener noreferrer">
        {texto}
      </a>
    );
  return <Fragment key={clave}>{texto}</Fragment>;
}

function enLinea(linea: string): ReactNode[] {
  return linea.split(MARCA).map((parte, i) => {
    if (parte.startsWith('**') && parte.endsWith('**') && parte.length > 4) return <strong key={i}>{parte.slice(2, -2)}</strong>;
    if (parte.startsWith('`') && parte.endsWith('`') && parte.length > 2) return <code key={i}>{parte.slice(1, -1)}</code>;
    const l = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(parte);
    if (l) return enlace(l[1], l[2], i);
    if (parte.startsWith('*') && parte.endsWith('*') && parte.length > 2) return <em key={i}>{parte.slice(1, -1)}</em>;
    return <Fragment key={i}>{parte}</Fragment>;
  });
}

/** The bot's Markdown as React elements: the inline marks above, and line breaks. */
export function MarkdownChat({ texto }: { texto: string }) {
  const lineas = texto.split('\n');
  return (
    <>
      {lineas.map((l, i) => (
        <Fragment key={i}>
          {enLinea(l)}
          {i < lineas.length - 1 && <br />}
        </Fragment>
      ))}
    </>
  );
}
