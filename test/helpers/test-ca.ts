// A throw-away certificate authority and a server certificate for 127.0.0.1, made at test time
// with openssl (node:crypto reads certificates but cannot issue them): what a private CA handed
// to mcpctl through NODE_EXTRA_CA_CERTS looks like.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TlsIdentity } from '../fixtures/node-http.js';

export interface TestCa {
  /** The CA certificate (PEM): the file NODE_EXTRA_CA_CERTS names. */
  caFile: string;
  /** The key and certificate (signed by the CA) of a server at 127.0.0.1 / localhost. */
  server: TlsIdentity;
}

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const missing = err instanceof Error && 'code' in err && err.code === 'ENOENT';
    throw missing ? new Error('the HTTPS tests need openssl to make their test CA, and it is not installed') : err;
  }
}

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-ca-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=mcpctl test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'server.ext',
    ],
    dir,
  );
  return {
    caFile: path.join(dir, 'ca.pem'),
    server: {
      key: readFileSync(path.join(dir, 'server.key'), 'utf8'),
      cert: readFileSync(path.join(dir, 'server.pem'), 'utf8'),
    },
  };
}
