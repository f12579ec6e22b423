// Which OAuth grant a server's settings ask for. Kept apart from the grant code so status and
// logout can tell without loading the SDK.

import type { OAuthSettings } from '../config/types.js';

export type Grant = 'authorization_code' | 'client_credentials' | 'jwt-bearer';

export function grantOf(oauth: OAuthSettings): Grant {
  if (oauth.idp !== undefined || oauth.grant === 'jwt-bearer') return 'jwt-bearer';
  return oauth.grant === 'client_credentials' ? 'client_credentials' : 'authorization_code';
}
