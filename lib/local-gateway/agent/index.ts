// Public surface of the local gateway's scripted agent (types live in ./contract).
export { planTurn } from './plan';
export { itemEvents } from './events';
export { countItemTokens, countTokens } from './tokens';
export { DEFAULT_MODEL, LOCAL_MODELS, findModel } from './models';
export { TRIGGERS } from './triggers';
export { encryptedReasoningContent } from './reasoning';
export { obfuscationPad } from './ids';
export { messageText } from './context';
export { familyOf } from './tools/select';
export { explainUngeneratable } from './structured';
export type * from './contract';
