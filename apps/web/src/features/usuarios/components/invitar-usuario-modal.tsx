import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import type { TInvitacionCrear, TInvitacionRespuesta } from '@yupana/contracts';
import { ApiError, mensajeDeError } from '../../../lib/api-error';
import { useInvitarUsuario, useSucursalesEmpresa } from '../api/usuarios';
import { EnlaceCompartir } from './enlace-compartir';

type TProps = { roles: { value: number; label: string }[]; onCerrar: () => void };

export function InvitarUsuarioModal({ roles, onCerrar }: TProps) {
  const [form] = Form.useForm<TInvitacionCrear>();
  const invitar = useInvitarUsuario();
  const sucursales = useSucursalesEmpresa().data?.Data ?? [];
  const [respuesta, setRespuesta] = useState<TInvitacionRespuesta | null>(null);
  const errores = invitar.error instanceof ApiError ? invitar.error.errores : {};
  const campo = (n: keyof TInvitacionCrear) => (errores[n] ? { validateStatus: 'error' as const, help: errores[n] } : {});

  if (respuesta)
    return (
      <Modal open title={`Invitación para ${respuesta.Usuario}`} onCancel={onCerrar} footer={<Button type="primary" onClick={onCerrar}>Listo</Button>}>
        <p>El usuario queda pendiente hasta que abra este enlace y elija su contraseña.</p>
        <EnlaceCompartir enlace={respuesta.Enlace} expiraEn={respuesta.ExpiraEn} correoEnviado={respuesta.CorreoEnviado} />
      </Modal>
    );

  return (
    <Modal open title="Invitar usuario" okText="Enviar invitación" cancelText="Cancelar" onCancel={onCerrar} onOk={() => form.submit()} confirmLoading={invitar.isPending} destroyOnHidden>
      <Form<TInvitacionCrear>
        form={form}
        layout="vertical"
        initialValues={{ Roles: [], Sucursales: [] }}
        onFinish={(v) => void invitar.mutateAsync({ ...v, Usuario: v.Usuario || undefined }).then(setRespuesta, () => undefined)}
      >
        <Form.Item label="Correo" name="Correo" rules={[{ required: true, type: 'email', message: 'Ingrese un correo válido' }]} {...campo('Correo')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Nombres" name="Nombres" rules={[{ required: true, message: 'Ingrese los nombres' }]} {...campo('Nombres')}>
          <Input />
        </Form.Item>
        <Form.Item label="Apellidos" name="Apellidos" {...campo('Apellidos')}>
          <Input />
        </Form.Item>
        <Form.Item label="Usuario" name="Usuario" extra="Si lo deja vacío, el usuario será su correo." {...campo('Usuario')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Roles" name="Roles" rules={[{ required: true, type: 'array', min: 1, message: 'Asigne al menos un rol' }]} {...campo('Roles')}>
          <Select mode="multiple" options={roles} placeholder="Seleccione" optionFilterProp="label" />
        </Form.Item>
        <Form.Item label="Sucursales" name="Sucursales" {...campo('Sucursales')}>
          <Select mode="multiple" options={sucursales.map((s) => ({ value: s.Id, label: s.Descripcion || s.RazonSocial }))} placeholder="Seleccione" optionFilterProp="label" />
        </Form.Item>
        {invitar.error && !Object.keys(errores).length && <p style={{ color: '#cf1322' }}>{mensajeDeError(invitar.error)}</p>}
      </Form>
    </Modal>
  );
}
