export { cargarPfx, generarCertificadoPrueba, type TCredencialFirma } from './credencial';
export { firmarXml, type TXmlFirmado } from './firmar';
export { verificarFirma } from './verificar';
