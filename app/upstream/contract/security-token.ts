/**
 * The signed header of spec 2 §7: a short-lived token signed over the account
 * API's server time, sent on signup, signin, resend code and reset password.
 * An HS256 JWT whose `iat` is the server time and `exp` 60 s later, signed
 * with a secret the portal and the account API share.
 */
export const SECURITY_TOKEN_HEADER = 'X-RCP-Security-Token'
export const SECURITY_TOKEN_SECONDS = 60
/** How far ahead of the server's clock a token's `iat` may be (clock skew). */
export const SECURITY_TOKEN_SKEW_SECONDS = 5
export const SECURITY_TOKEN_AUDIENCE = 'account-api'
/**
 * The secret both sides use when none is set: only the built-in emulator accepts it (the portal's
 * settings demand RCP_SECURITY_SECRET with real upstreams). Here, in the contract, because the
 * portal and the emulator must agree on it and the emulator imports nothing else of the portal's.
 */
export const EMULATOR_SECURITY_SECRET = 'emulator-security-token-secret'
