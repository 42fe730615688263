/**
 * Connecting seller accounts to Amazon: consent links with single-use
 * states, the callback that stores the refresh tokens sealed at rest, and
 * disconnecting.
 */
export {
  CONNECT_STATE_TTL_MS,
  DEFAULT_SCOPES,
  accountIdFor,
  completeConnect,
  disconnectAccount,
  parseDataScopes,
  startConnect,
  type CallbackContext,
  type CallbackOutcome,
  type CallbackParams,
  type StartConnectInput,
  type StartedConnect,
} from "./connect-flow.js";
export { listenForCallback, type LoopbackCallback } from "./loopback-callback.js";
export { checkSealedTokens, sealedTokenCount, type SealedTokenCheck } from "./sealed-tokens.js";
export { KEY_FILE_NAME, SecretBox, parseSecretKey, secretBoxFor } from "../store/secret-box.js";
