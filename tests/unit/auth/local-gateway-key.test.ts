// Which keys the mounted local gateway accepts and which one the proxy sends it.
import { describe, expect, it } from 'vitest';
import { mountedGatewayKeys, proxyKeyForMountedGateway } from '@/lib/auth/local-gateway-key';
import { LOCAL_GATEWAY_DEV_KEY, parseEnv } from '@/lib/env-schema';

const INSTALL_KEY = 'sk-local-install-abc';

describe('the mounted local gateway key', () => {
  it('is the first LOCAL_GATEWAY_API_KEYS entry while no token is set, whatever GATEWAY_API_KEY says', () => {
    const env = parseEnv({ GATEWAY_API_KEY: 'sk-remote' });
    expect(proxyKeyForMountedGateway(env, null)).toBe(LOCAL_GATEWAY_DEV_KEY);
    expect(mountedGatewayKeys(env, null)).toEqual([LOCAL_GATEWAY_DEV_KEY]);
  });

  it('is the install key once a token is set, and the dev key is no longer accepted (other listed keys are)', () => {
    const protectedEnv = parseEnv({ PLAYGROUND_ACCESS_TOKEN: 'token-of-twelve-chars', LOCAL_GATEWAY_API_KEYS: `${LOCAL_GATEWAY_DEV_KEY},sk-team-sdk` });
    expect(proxyKeyForMountedGateway(protectedEnv, INSTALL_KEY)).toBe(INSTALL_KEY);
    expect(mountedGatewayKeys(protectedEnv, INSTALL_KEY)).toEqual([INSTALL_KEY, 'sk-team-sdk']);
    expect(mountedGatewayKeys(parseEnv({ PLAYGROUND_ACCESS_TOKEN: 'token-of-twelve-chars' }), INSTALL_KEY)).toEqual([INSTALL_KEY]);
  });
});
