// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// httpdns.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

export const SECRET_RULE = /^[A-Za-z0-9]{16,64}$/;
