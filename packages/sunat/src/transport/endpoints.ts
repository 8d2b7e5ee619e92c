/** Where the SOAP and REST services live. Beta, production and an OSE are just different values of this. */
export type TEndpointsSunat = {
  billService: string;
  billConsultService: string;
  /**
   * SUNAT's "otros CPE" billService: comprobantes de retención (20) and percepción (40) and their resumen de
   * reversiones (RR) go there, not to the factura service. Same WSDL (sendBill, sendSummary, getStatus).
   */
  otrosCpe?: string;
  /** GRE REST API: OAuth2 token service and the api-cpe base (both end before /clientessol or /contribuyente). */
  gre?: { seguridad: string; api: string };
};

export const ENDPOINTS_SUNAT = {
  produccion: {
    billService: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
    billConsultService: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
    otrosCpe: 'https://e-factura.sunat.gob.pe/ol-ti-itemision-otroscpe-gem/billService',
    gre: { seguridad: 'https://api-seguridad.sunat.gob.pe/v1', api: 'https://api-cpe.sunat.gob.pe/v1' },
  },
  // SUNAT's beta accepts any certificate and the MODDATOS user. It has no consult service of its own and no public
  // GRE beta, so those point to production (consultations are read-only).
  beta: {
    billService: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
    billConsultService: 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService',
    otrosCpe: 'https://e-beta.sunat.gob.pe/ol-ti-itemision-otroscpe-gem-beta/billService',
    gre: { seguridad: 'https://api-seguridad.sunat.gob.pe/v1', api: 'https://api-cpe.sunat.gob.pe/v1' },
  },
} as const satisfies Record<string, TEndpointsSunat>;

/** An OSE (operador de servicios electrónicos) publishes its own URLs with SUNAT's WSDL. */
export function endpointsOse(urls: { billService: string; billConsultService?: string; otrosCpe?: string; gre?: { seguridad: string; api: string } }): TEndpointsSunat {
  // An OSE receives every kind of CPE at its one address unless it publishes another for retentions.
  return { billService: urls.billService, billConsultService: urls.billConsultService ?? urls.billService, otrosCpe: urls.otrosCpe ?? urls.billService, gre: urls.gre };
}

/**
 * The same SOAP settings aimed at the otros-CPE billService (retentions, perceptions, resumen de reversiones).
 * Throws when the endpoints have none (a custom configuration that did not say where they go).
 */
export function endpointsOtrosCpe(endpoints: TEndpointsSunat): TEndpointsSunat {
  if (!endpoints.otrosCpe) throw new Error('No está configurado el servicio de SUNAT para retenciones y percepciones (otros CPE)');
  return { ...endpoints, billService: endpoints.otrosCpe };
}

/** The local stand-in (packages/sunat-sim) serves every service on one port, under SUNAT's own paths. */
export function endpointsSimulador(url: string): TEndpointsSunat {
  const base = url.replace(/\/+$/, '');
  return {
    billService: `${base}/ol-ti-itcpfegem-beta/billService`,
    billConsultService: `${base}/ol-it-wsconscpegem/billConsultService`,
    otrosCpe: `${base}/ol-ti-itemision-otroscpe-gem-beta/billService`,
    gre: { seguridad: `${base}/v1`, api: `${base}/v1` },
  };
}
