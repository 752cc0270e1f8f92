// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// cloud-account.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

export const ACCESS_KEY_ID_RULE = /^[A-Za-z0-9]{16,128}$/;

export const ACCESS_KEY_SECRET_RULE = /^[A-Za-z0-9+/=_-]{16,128}$/;

export const CN_NAME_MAX = 64;
