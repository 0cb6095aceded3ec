// A real OAuth 2.1 / OpenID authorization server for the tests: the certified npm
// `oidc-provider`, configured from the JSON in $OIDC_CONFIG (written by tests/support/oidc.py).
// Client credentials, RFC 8707 resource indicators (JWT access tokens whose audience is the
// resource; opaque ones for clients whose id starts with "opaque"), RFC 7662 introspection.
// Any http://127.0.0.1:<port>/mcp is a resource with the scopes of cfg.mcp_scope (the servers
// under test pick their port when they start). Listens on 127.0.0.1 only and prints "ready".
import { pathToFileURL } from 'node:url';

const cfg = JSON.parse(process.env.OIDC_CONFIG);
const { default: Provider, errors } = await import(pathToFileURL(cfg.module).href);

const provider = new Provider(cfg.issuer, {
  clients: cfg.clients,
  jwks: { keys: cfg.keys },
  scopes: cfg.scopes,
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, resource, client) => {
        const local = /^http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(resource);
        const server = cfg.resources[resource] || (local ? { scope: cfg.mcp_scope } : undefined);
        if (!server) throw new errors.InvalidTarget();
        return {
          scope: server.scope,
          audience: resource,
          accessTokenTTL: server.ttl || 300,
          accessTokenFormat: client.clientId.startsWith('opaque') ? 'opaque' : 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
});
provider.listen(cfg.port, '127.0.0.1', () => console.log('ready'));
