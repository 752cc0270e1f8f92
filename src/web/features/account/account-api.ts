// The user centre's calls (GET /api/v1/account/profile, SMS codes, phone verification and change,
// password, service agreement).
import { get, post, put } from '../../lib/request.ts';

export interface Profile {
  account: string;
  nickname: string;
  user_type: string;
  phone: string | null;
  area_code: string;
  is_phone_validate: boolean;
  email: string | null;
  id_number: string | null;
  industry: string | null;
  enterprise: string | null;
  need_sign_service_agreement: boolean;
  is_sign_service_agreement: boolean;
  is_sign: boolean;
  phone_change: { phone: string; status: string; requested_at: string } | null;
}

export const fetchProfile = () => get<Profile>('/api/v1/account/profile', undefined, { isNeedloading: false });
export const sendCode = (operate_type: 'verify_phone' | 'change_phone') =>
  post<{ phone: string; countdown: number }>('/api/v1/account/sms-codes', { operate_type });
export const verifyPhone = (sms_code: string) => post<Profile>('/api/v1/account/phone/verify', { sms_code });
export const changePhone = (phone: string, sms_code: string) => post<Profile>('/api/v1/account/phone/change', { phone, sms_code });
export const changePassword = (body: { old_password: string; new_password: string; confirm_password: string }) =>
  put<{ message: string }>('/api/v1/account/password', body);
export const signAgreement = () => post<Profile>('/api/v1/account/service-agreement', {});

export interface RealName {
  id: string;
  enterprise: string;
  licence_number: string;
  licence_name: string;
  licence_mime: string;
  status: 'reviewing' | 'approved' | 'rejected';
  reject_reason: string | null;
  created_at: string;
}
export const fetchRealName = () => get<{ data: RealName | null }>('/api/v1/account/real-name', undefined, { isNeedloading: false }).then((r) => r.data);

/** The platform reviewer's pending real-name and phone-change reviews; a 403 means "not a reviewer". */
export const fetchPendingReviews = async () => {
  const quiet = { isNeedloading: false, notice: false } as const;
  const [a, b] = await Promise.all(
    (['real_name', 'phone_change'] as const).map((type) => get<{ count: number }>('/api/v1/account-reviews', { type, status: 'reviewing', __limit: 1 }, quiet)),
  );
  return a!.count + b!.count;
};
