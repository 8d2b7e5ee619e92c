export { cargarPfx, generarCertificadoPrueba, type TCredencialFirma } from './credencial';
export { firmarXml, firmarXmlAsincrono, type TXmlFirmado } from './firmar';
export { verificarFirma } from './verificar';
export { parsearXml, textoDeXml } from './xml';
