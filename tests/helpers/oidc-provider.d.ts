// The few parts of oidc-provider's API the tests use (the package ships no types).
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    pkce?: { required: () => boolean };
    findAccount(context: unknown, id: string): Promise<Account>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    listen(port: number, host: string): Server;
  }
}
