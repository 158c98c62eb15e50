// Public surface of the local gateway's scripted agent.
export { planTurn } from './plan';
export { itemEvents } from './events';
export { countItemTokens, countTokens } from './tokens';
export { DEFAULT_MODEL, LOCAL_MODELS, findModel } from './models';
export { TRIGGERS, type Trigger } from './triggers';
export { ROUTING_RULE } from './routing';
export type * from './contract';
