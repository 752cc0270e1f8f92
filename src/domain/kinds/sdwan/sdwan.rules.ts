// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// sdwan.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

export const NEXT_HOPS = ['hub', 'local', 'internet'] as const;

export const samePassword = (v: { access_password: string; access_password_confirm: string }) => v.access_password === v.access_password_confirm;
