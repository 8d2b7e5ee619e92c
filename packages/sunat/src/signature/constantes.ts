export const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
export const NS_EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** Id of ds:Signature; the builders point cac:Signature/.../cbc:URI at "#SignYUPANA". */
export const ID_FIRMA = 'SignYUPANA';
export const DECLARACION_XML = '<?xml version="1.0" encoding="UTF-8"?>';
