import { Button, Empty, Grid, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { isValidElement, useState, type Key, type ReactNode } from 'react';

/**
 * A list that is a table on wide screens and a column of cards on phones (below antd's `md`, 768 px): each row becomes a
 * card with every titled column as a "label: value" line, so nothing (totals, states) hides behind a sideways scroll.
 * Takes the same props as antd's Table and renders the same cells (`render`), so a page only swaps `Table` for it.
 * Columns without a title (actions, icons) and the `acciones` column go to the card's foot; `expandable` becomes a
 * "Ver detalle" toggle. A `data-testid` that `onRow` gives a row is the card's (otherwise `tarjeta-fila`).
 */
export function TablaAdaptable<T extends object>(props: TableProps<T>) {
  const pantalla = Grid.useBreakpoint();
  // Unknown until the first measure: the table (the desktop layout) until then.
  if (pantalla.md !== false) return <Table<T> {...props} />;
  return <TarjetasDeFilas<T> {...props} />;
}

type Columna<T> = ColumnType<T> & { children?: unknown };

function valorDe<T>(fila: T, dataIndex: ColumnType<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const camino = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let v: unknown = fila;
  for (const parte of camino) v = v == null ? undefined : (v as Record<string | number, unknown>)[parte as string | number];
  return v;
}

function celda<T>(col: Columna<T>, fila: T, indice: number): ReactNode {
  const valor = valorDe(fila, col.dataIndex);
  if (!col.render) return valor == null ? '' : (valor as ReactNode);
  const r = col.render(valor, fila, indice) as unknown;
  // A render may answer { children, props } (row/col spans): only the content matters in a card.
  if (r && typeof r === 'object' && !isValidElement(r) && 'children' in r) return (r as { children: ReactNode }).children;
  return r as ReactNode;
}

function TarjetasDeFilas<T extends object>({ columns = [], dataSource = [], rowKey, loading, locale, pagination, expandable, onRow, ...resto }: TableProps<T>) {
  const [abiertas, setAbiertas] = useState<Set<Key>>(new Set());
  const cols = (columns as Columna<T>[]).filter((c) => !c.hidden && !c.children);
  const conTitulo = cols.filter((c) => c.title && typeof c.title !== 'function' && c.key !== 'acciones');
  const alPie = cols.filter((c) => !conTitulo.includes(c));
  const claveDe = (fila: T, i: number): Key =>
    typeof rowKey === 'function' ? rowKey(fila, i) : rowKey ? (valorDe(fila, rowKey as string) as Key) : i;
  const cargando = typeof loading === 'object' ? !!loading.spinning : !!loading;
  const vacio = locale?.emptyText;
  const filas = dataSource as readonly T[];
  const extra = resto as Record<string, unknown>;

  return (
    <Spin spinning={cargando}>
      <div role="list" aria-label={typeof extra['aria-label'] === 'string' ? extra['aria-label'] : undefined} data-testid={typeof extra['data-testid'] === 'string' ? extra['data-testid'] : undefined}>
        {filas.length === 0 && !cargando && (
          <div style={{ padding: 24 }}>{typeof vacio === 'function' ? vacio() : (vacio ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}</div>
        )}
        {filas.map((fila, i) => {
          const clave = claveDe(fila, i);
          const abierta = abiertas.has(clave);
          const eventos = onRow?.(fila, i) ?? {};
          // A row's own test id (pages give one to find a row by its name) names its card too.
          const idPrueba = (eventos as Record<string, unknown>)['data-testid'];
          return (
            <div
              key={clave}
              role="listitem"
              data-testid={typeof idPrueba === 'string' ? idPrueba : 'tarjeta-fila'}
              onClick={eventos.onClick}
              style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: '8px 12px', marginBottom: 8, background: '#fff', cursor: eventos.onClick ? 'pointer' : undefined }}
            >
              <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(84px, 38%) 1fr', columnGap: 8, rowGap: 4, margin: 0 }}>
                {conTitulo.map((col, j) => (
                  <div key={String(col.key ?? col.dataIndex ?? j)} style={{ display: 'contents' }}>
                    <dt style={{ color: '#64748b', fontSize: 12, lineHeight: '22px' }}>{col.title as ReactNode}</dt>
                    <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere', textAlign: col.align === 'right' ? 'right' : undefined }}>{celda(col, fila, i)}</dd>
                  </div>
                ))}
              </dl>
              {(alPie.length > 0 || expandable?.expandedRowRender) && (
                <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 4, marginTop: 4 }}>
                  {alPie.map((col, j) => (
                    <span key={String(col.key ?? col.dataIndex ?? j)}>{celda(col, fila, i)}</span>
                  ))}
                  {expandable?.expandedRowRender && (
                    <Button
                      type="link"
                      size="small"
                      aria-expanded={abierta}
                      onClick={(e) => {
                        e.stopPropagation();
                        setAbiertas((a) => {
                          const n = new Set(a);
                          if (n.has(clave)) n.delete(clave);
                          else n.add(clave);
                          return n;
                        });
                      }}
                    >
                      {abierta ? 'Ocultar detalle' : 'Ver detalle'}
                    </Button>
                  )}
                </div>
              )}
              {abierta && expandable?.expandedRowRender && <div style={{ overflowX: 'auto', marginTop: 8 }}>{expandable.expandedRowRender(fila, i, 0, true)}</div>}
            </div>
          );
        })}
      </div>
      {pagination !== false && pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10) && (
        <Pagination
          size="small"
          align="center"
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showSizeChanger={pagination.showSizeChanger}
          pageSizeOptions={pagination.pageSizeOptions}
          showTotal={pagination.showTotal}
          onChange={pagination.onChange}
          style={{ marginTop: 8 }}
        />
      )}
      {pagination && (pagination.total ?? 0) <= (pagination.pageSize ?? 10) && pagination.showTotal && (
        <div style={{ textAlign: 'center', color: '#64748b', fontSize: 12 }}>{pagination.showTotal(pagination.total ?? filas.length, [1, filas.length])}</div>
      )}
    </Spin>
  );
}
