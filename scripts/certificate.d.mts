/** A throw-away certificate for 127.0.0.1 and localhost (scripts/certificate.mjs). */
export declare function selfSignedCertificate(
  dir: string,
): { certFile: string; keyFile: string; cert: string; key: string } | null
