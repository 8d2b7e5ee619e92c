import { Alert } from 'antd';
import { ApiError, mensajeDeError } from '../../../lib/api-error';

/** A failed call: the server's message and, for a validation error (500001), every field message. */
export function ErroresApi({ error }: { error: unknown }) {
  if (!error) return null;
  const campos = error instanceof ApiError ? Object.entries(error.errores) : [];
  return (
    <Alert
      type="error"
      showIcon
      data-testid="error-api"
      title={mensajeDeError(error)}
      description={
        campos.length ? (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {campos.map(([campo, m]) => (
              <li key={campo}>
                <strong>{campo}</strong>: {m}
              </li>
            ))}
          </ul>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}
