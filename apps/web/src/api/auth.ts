import {
  type BaseAccount,
  type BindingRequest,
  CAPTCHA_ID_HEADER,
  type CodePurpose,
  ERRORS,
  type ForgotRequest,
  type LoginProvider,
  type RegisterRequest,
  type ThirdPartyProviderName,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../app/query-client.ts';
import { setToken } from '../app/session.ts';
import { accountInfoQuery, accountKeys } from './account.ts';
import { API_BASE, ApiError, http } from './http.ts';

/** The channel a verification code goes to. */
export type ContactChannel = 'phone' | 'email';

/** What a captcha answer adds to a call that asked for one. */
export interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

/** A captcha image (an object URL of the server's SVG) and the id to send back with its text. */
export interface Captcha {
  id: string;
  imageUrl: string;
}

/** The server wants a captcha (first time) or refused the one given: the form shows a new image. */
export function needsCaptcha(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ERRORS.captchaRequired.code || error.code === ERRORS.captchaInvalid.code)
  );
}

/** GET newVerify: the image comes as SVG with its id in a response header. */
export async function fetchCaptcha(): Promise<Captcha> {
  const response = await fetch(`${API_BASE}/base/BaseAccount/newVerify`, { cache: 'no-store' });
  const id = response.headers.get(CAPTCHA_ID_HEADER);
  if (!response.ok || !id) throw new ApiError('http', response.statusText, null, response.status);
  return { id, imageUrl: URL.createObjectURL(await response.blob()) };
}

/** Sends a verification code to a phone or e-mail for one purpose (000 §7 code/phone, code/email). */
export async function sendCode(
  channel: ContactChannel,
  target: string,
  purpose: CodePurpose,
  captcha?: CaptchaAnswer,
): Promise<void> {
  await http.get<null>(`/base/BaseAccount/code/${channel}`, {
    params: { [channel]: target, purpose, ...captcha },
    quiet: true,
  });
}

async function signedIn(token: string): Promise<void> {
  setToken(token);
  await queryClient.prefetchQuery(accountInfoQuery());
}

/** Signs up and signs the new account in. */
export async function register(body: RegisterRequest): Promise<void> {
  const { token } = await http.post<{ token: string }>('/base/BaseAccount/register', body, { quiet: true });
  await signedIn(token);
}

/** Sets a new password proven by a code sent to the account's phone or e-mail. */
export async function recoverPassword(body: ForgotRequest): Promise<void> {
  await http.post<null>('/base/BaseAccount/forgot', body, { quiet: true });
}

/** Binds a phone or e-mail to the signed-in account, then reloads the account info. */
export async function bindContact(body: BindingRequest): Promise<BaseAccount> {
  const account = await http.post<BaseAccount>('/base/BaseAccount/binding', body, { quiet: true });
  await queryClient.invalidateQueries({ queryKey: accountKeys.info() });
  return account;
}

/** The call each provider's authorisation code goes to (000 §7). */
const THIRD_PARTY_LOGINS: Record<ThirdPartyProviderName, { method: 'GET' | 'POST'; path: string }> = {
  wechat: { method: 'POST', path: '/base/BaseAccount/login/wechat/web' },
  qq: { method: 'POST', path: '/base/BaseAccount/login/qq/web' },
  facebook: { method: 'GET', path: '/base/BaseAccount/login/facebook/web' },
};

export function isThirdPartyProvider(value: string | null): value is ThirdPartyProviderName {
  return value !== null && Object.hasOwn(THIRD_PARTY_LOGINS, value);
}

/** Exchanges the provider's authorisation code for a session. */
export async function thirdPartyLogin(provider: ThirdPartyProviderName, code: string): Promise<void> {
  const call = THIRD_PARTY_LOGINS[provider];
  const { token } =
    call.method === 'POST'
      ? await http.post<{ token: string }>(call.path, { code }, { quiet: true })
      : await http.get<{ token: string }>(call.path, { params: { code }, quiet: true });
  await signedIn(token);
}

/** The third-party logins this server offers; none when the call fails (the buttons stay hidden). */
export function useLoginProviders() {
  return useQuery({
    queryKey: ['auth', 'loginProviders'],
    queryFn: ({ signal }) =>
      http.get<LoginProvider[]>('/base/BaseAccount/login/providers', { signal, quiet: true }).catch(() => []),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
